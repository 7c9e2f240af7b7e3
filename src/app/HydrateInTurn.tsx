import { Suspense, useState, type HTMLAttributes, type ReactNode } from 'react'
import { hydrationTurnsInUse, takeTurn, type Turn } from './runtime/hydrationTurns'

type PartTag = 'header' | 'main' | 'footer' | 'section'

interface HydrateInTurnProps extends HTMLAttributes<HTMLElement> {
  /** The part's own element: what stays as prerendered until its turn. */
  as: PartTag
  children?: ReactNode
}

/**
 * A part of the page that the first hydration leaves as prerendered and hydrates in a task of
 * its own afterwards (src/app/runtime/hydrationTurns.ts). Renders exactly its element: the
 * prerender and every render after the first hydration are unchanged.
 */
export function HydrateInTurn(props: HydrateInTurnProps) {
  return hydrationTurnsInUse() ? <PartWithTurn {...props} /> : <Part {...props} />
}

function PartWithTurn(props: HydrateInTurnProps) {
  // Taken once: only the first hydration hands out turns, so later renders never wait.
  const [turn] = useState(takeTurn)
  return (
    <Suspense fallback={null}>
      <Part turn={turn} {...props} />
    </Suspense>
  )
}

/**
 * The part's element; with a turn that has not come, it suspends instead. preact/compat's
 * Suspense keeps a part that suspends while hydrating as it was prerendered, and hydrates it
 * when it resumes.
 */
function Part({ turn, as: Tag, children, ...attributes }: HydrateInTurnProps & { turn?: Turn }) {
  if (turn && !turn.done) throw turn.promise
  return (
    <Tag ref={turn?.attach} {...attributes}>
      {children}
    </Tag>
  )
}
