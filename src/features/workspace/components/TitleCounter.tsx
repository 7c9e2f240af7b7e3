import { MAX_TITLE_LENGTH } from '../documentLimits'

interface TitleCounterProps {
  id: string
  length: number
  /** The title the document keeps if the field is left empty. */
  current: string
}

/**
 * Characters used of the title limit; over it, what to do; emptied, what an empty title means.
 * The last two are announced to screen readers as they happen.
 */
export function TitleCounter({ id, length, current }: TitleCounterProps) {
  const over = length - MAX_TITLE_LENGTH
  const message =
    length === 0
      ? `Left empty, the title stays “${current}”.`
      : over > 0
        ? `${length} / ${MAX_TITLE_LENGTH}: titles can be up to ${MAX_TITLE_LENGTH} characters. Remove ${over} to save.`
        : `${length} / ${MAX_TITLE_LENGTH}`
  return (
    <p
      id={id}
      className={`title-counter${over > 0 ? ' title-counter--over' : ''}`}
      aria-live={over > 0 || length === 0 ? 'polite' : 'off'}
      data-testid="title-counter"
    >
      {message}
    </p>
  )
}
