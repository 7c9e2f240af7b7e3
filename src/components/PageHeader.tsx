interface PageHeaderProps {
  eyebrow?: string
  title: string
  lead?: React.ReactNode
}

/** The title block at the top of an ordinary page. */
export function PageHeader({ eyebrow, title, lead }: PageHeaderProps) {
  return (
    <header className="page-header">
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h1>{title}</h1>
      {lead ? <p className="lead">{lead}</p> : null}
    </header>
  )
}
