import { useEffect, useState, type ReactNode } from 'react'
import type { LeftoverDrafts, LeftoverNote } from './signOut'

type Question = typeof import('./leftoverDraftsQuestion')

let loading: Promise<Question> | null = null

/**
 * The question and the draft-store code, requested as a sign-out button appears rather than
 * at the click: text is left unsaved mostly when the device is offline, and a chunk first
 * requested then would not arrive. Not in the button's own chunk: every chunk the header's
 * menu brings is named in each page's entry script, and /login has no bytes to spare.
 */
function loadQuestion(): Promise<Question> {
  loading ??= import('./leftoverDraftsQuestion').catch((error: unknown) => {
    loading = null // asked again at the click
    throw error
  })
  return loading
}

interface Asking {
  question: Question
  notes: LeftoverNote[]
  deleteThem: () => Promise<boolean>
  answer: (deleted: boolean) => void
  deleting: boolean
  failed: boolean
}

/**
 * For a sign-out button of the signed-in `userId`: what to pass to `signOutWith`, and the
 * question to render while it is asked (null the rest of the time).
 */
export function useLeftoverDraftsQuestion(userId: string | null): {
  leftover: LeftoverDrafts | null
  question: ReactNode
} {
  const [asking, setAsking] = useState<Asking | null>(null)
  useEffect(() => {
    if (userId) loadQuestion().catch(() => undefined)
  }, [userId])

  const leftover: LeftoverDrafts | null = userId
    ? {
        userId,
        find: async (id) => {
          // The code could not be had, even now: the sign-out goes ahead as it did before
          // this question existed rather than not at all.
          const question = await loadQuestion().catch(() => null)
          return question ? question.draftedDocumentsOf(id) : []
        },
        confirmDeleting: async (notes, deleteThem) => {
          const question = await loadQuestion()
          return new Promise((answer) =>
            setAsking({ question, notes, deleteThem, answer, deleting: false, failed: false }),
          )
        },
        forget: async (id) => (await loadQuestion()).forgetDraftsOf(id),
      }
    : null

  if (!asking) return { leftover, question: null }
  const stay = () => {
    if (asking.deleting) return
    setAsking(null)
    asking.answer(false)
  }
  const deleteThem = async () => {
    if (asking.deleting) return
    setAsking({ ...asking, deleting: true, failed: false })
    if (await asking.deleteThem()) {
      setAsking(null)
      asking.answer(true)
    } else setAsking({ ...asking, deleting: false, failed: true })
  }
  const { LeftoverDraftsDialog } = asking.question
  return {
    leftover,
    question: (
      <LeftoverDraftsDialog
        notes={asking.notes}
        failed={asking.failed}
        onDelete={() => void deleteThem()}
        onStay={stay}
      />
    ),
  }
}
