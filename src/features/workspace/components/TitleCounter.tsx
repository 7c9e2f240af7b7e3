import { MAX_TITLE_LENGTH } from '../documentLimits'

/** Characters used of the title limit; over it, what to do, announced to screen readers. */
export function TitleCounter({ id, length }: { id: string; length: number }) {
  const over = length - MAX_TITLE_LENGTH
  return (
    <p
      id={id}
      className={`title-counter${over > 0 ? ' title-counter--over' : ''}`}
      aria-live={over > 0 ? 'polite' : 'off'}
      data-testid="title-counter"
    >
      {over > 0
        ? `${length} / ${MAX_TITLE_LENGTH}: titles can be up to ${MAX_TITLE_LENGTH} characters. Remove ${over} to save.`
        : `${length} / ${MAX_TITLE_LENGTH}`}
    </p>
  )
}
