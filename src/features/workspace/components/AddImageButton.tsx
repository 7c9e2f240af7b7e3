import { useRef } from 'react'
import { ATTACHMENT_TYPES } from '../attachments'

interface AddImageButtonProps {
  /** Only Pro attaches images; otherwise the click says so instead of opening the picker. */
  canAttach: boolean
  onRefused: () => void
  /** The chosen images; the page checks their type and size (uploadAttachments). */
  onFiles: (files: File[]) => void
}

/**
 * Images from the device's files or photos: paste and drop are out of reach on a phone, and
 * not every person finds them on a computer.
 */
export function AddImageButton({ canAttach, onRefused, onFiles }: AddImageButtonProps) {
  const picker = useRef<HTMLInputElement>(null)
  return (
    <>
      <button
        type="button"
        className="button button--small"
        onClick={() => (canAttach ? picker.current?.click() : onRefused())}
      >
        Add image…
      </button>
      <input
        ref={picker}
        type="file"
        accept={Object.keys(ATTACHMENT_TYPES).join(',')}
        multiple
        hidden
        aria-label="Images to add"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])]
          event.target.value = '' // the same file can be chosen again
          if (files.length > 0) onFiles(files)
        }}
      />
    </>
  )
}
