/**
 * While an answer loads, a short word ("Checking…") in the room the answer is expected to take,
 * so that the page does not move when it comes (the account page's cards on a phone). The
 * expected answer is laid out unseen under the word: `visibility: hidden` shows it to no one,
 * reads it to no one and lets no one focus into it; only its size counts. When the answer turns
 * out otherwise, the page moves by the difference only.
 */
export function LoadingInPlace({
  expected,
  children,
}: {
  /** What the answer most likely is, as it will be laid out. */
  expected: React.ReactNode
  /** What shows meanwhile. */
  children: React.ReactNode
}) {
  return (
    <div className="loading-in-place">
      <div className="loading-in-place__room" aria-hidden="true">
        {expected}
      </div>
      <div className="loading-in-place__word">{children}</div>
    </div>
  )
}
