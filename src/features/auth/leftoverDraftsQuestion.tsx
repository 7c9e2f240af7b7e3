/**
 * The question a sign-out of this device asks when unsaved note text of the person signing out
 * is still on the device (decision 0014), with the draft-store queries it needs. Loaded on
 * demand by useLeftoverDraftsQuestion, never with a page's first load.
 */
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { FormMessage } from '../../components/FormMessage'
import type { LeftoverNote } from './signOut'

export { draftedDocumentsOf, forgetDraftsOf } from '../workspace/drafts'

export const LEFTOVER_DRAFTS_TITLE = 'Unsaved changes on this device'
export const NOT_DELETED_MESSAGE =
  'The unsaved changes could not be deleted from this device, so you are still signed in. Try again, or stay signed in.'

/** What the question says, for `count` notes with unsaved text. */
export function leftoverDraftsMessage(count: number): string {
  const notes = count === 1 ? '1 note has' : `${count} notes have`
  return (
    `${notes} changes that could not be saved, kept only in this browser. ` +
    'Signing out now deletes them from this device. ' +
    'Stay signed in to keep them until they can be saved.'
  )
}

/** At most this many titles are named; the rest are counted. */
const NAMED_AT_MOST = 5

/**
 * The titles to name, in the order given, then how many more there are: notes whose title the
 * device did not keep (drafts from before titles were kept) are among "more".
 */
export function namedTitles(notes: LeftoverNote[]): { titles: string[]; more: number } {
  const titles = notes
    .map((note) => note.title)
    .filter((title): title is string => title !== null)
    .slice(0, NAMED_AT_MOST)
  return { titles, more: notes.length - titles.length }
}

interface LeftoverDraftsDialogProps {
  notes: LeftoverNote[]
  /** The last "delete" did not work. */
  failed: boolean
  onDelete: () => void
  onStay: () => void
}

/** Staying is the answer with the focus, and Escape's: nothing is lost by it. */
export function LeftoverDraftsDialog({
  notes,
  failed,
  onDelete,
  onStay,
}: LeftoverDraftsDialogProps) {
  const { titles, more } = namedTitles(notes)
  return (
    <ConfirmDialog
      title={LEFTOVER_DRAFTS_TITLE}
      message={leftoverDraftsMessage(notes.length)}
      details={
        titles.length > 0 ? (
          <ul className="confirm-dialog__list" aria-label="Notes with unsaved changes">
            {titles.map((title, at) => (
              <li key={at}>{title}</li>
            ))}
            {more > 0 ? <li>{more === 1 ? 'and 1 more' : `and ${more} more`}</li> : null}
          </ul>
        ) : null
      }
      error={failed ? <FormMessage kind="error">{NOT_DELETED_MESSAGE}</FormMessage> : null}
      confirmLabel="Sign out and delete them"
      cancelLabel="Stay signed in"
      onConfirm={onDelete}
      onCancel={onStay}
    />
  )
}
