import { useEffect, useMemo, useRef, useState } from 'react'
import type { PreviewClient, RenderedPreview } from '../preview/previewClient'
import { createImageBlockSigner, retryWithCurrentUrl } from '../preview/attachmentImages'
import { PreviewBlocks } from '../preview/PreviewBlocks'
import { useSignedAttachments } from '../useSignedAttachments'

interface MarkdownPreviewProps {
  markdown: string
  /** After each update of the page: the blocks' nodes and where each came from (scrollSync.ts). */
  onPlaced?: (nodes: readonly (readonly ChildNode[])[], lines: Uint32Array) => void
}

const NO_LINES = new Uint32Array()

/**
 * The live preview: the blog's sanitising pipeline with shiki, run in a worker, so what you
 * see here is what the same markdown looks like on the site.
 */
export function MarkdownPreview({ markdown, onPlaced }: MarkdownPreviewProps) {
  const client = useRef<Promise<PreviewClient> | null>(null)
  const [rendered, setRendered] = useState<RenderedPreview | null>(null)
  const blocks = rendered?.blocks ?? null
  const [error, setError] = useState<string | null>(null)
  // Only blocks with an image can name an attachment; found once per render of the preview.
  const withImages = useMemo(
    () => new Set(blocks?.flatMap((block, index) => (block.includes('<img') ? [index] : []))),
    [blocks],
  )
  const imageHtml = useMemo(
    () => (blocks ? [...withImages].map((index) => blocks[index]).join('\n') : null),
    [blocks, withImages],
  )
  const attachments = useSignedAttachments(imageHtml)
  const [signBlocks] = useState(createImageBlockSigner)

  useEffect(() => {
    const current = (client.current = import('../preview/previewClient').then((module) =>
      module.createPreviewClient(),
    ))
    return () => {
      void current.then((preview) => preview.dispose())
      client.current = null
    }
  }, [])

  // The editor hands its text over once typing pauses (textHandover.ts), and the worker parses
  // only what changed (decision 0038): each text is worth rendering at once.
  useEffect(() => {
    const preview = client.current
    if (!preview) return
    let stale = false
    void preview
      .then((renderer) => renderer.render(markdown))
      .then(
        (next) => {
          if (stale || next === null) return
          setRendered(next)
          setError(null)
        },
        () => !stale && setError('The preview could not be rendered. Your text is not affected.'),
      )
    return () => {
      stale = true
    }
  }, [markdown])

  // An image whose URL lapsed before its block was put back on the page gets today's.
  const container = useRef<HTMLDivElement>(null)
  const { signedUrl } = attachments
  useEffect(() => {
    const preview = container.current
    if (!preview) return
    const retry = (event: Event) => retryWithCurrentUrl(event, signedUrl)
    preview.addEventListener('error', retry, true)
    return () => preview.removeEventListener('error', retry, true)
  }, [signedUrl])

  const shown = blocks
    ? signBlocks(blocks, withImages, attachments.supabaseUrl, attachments.signedUrl)
    : null
  return (
    <div
      ref={container}
      className="markdown-preview"
      data-testid="markdown-preview"
      data-rendered={blocks !== null}
    >
      {error ? <p className="form-message form-message--error">{error}</p> : null}
      {markdown.trim() === '' ? (
        // An empty document renders to nothing; say where the preview will come from.
        <p className="status-note pane-note preview-placeholder" data-testid="preview-placeholder">
          Nothing to preview yet. Write markdown in the editor and it appears here, rendered as on
          the blog, code highlighted.
        </p>
      ) : shown === null ? (
        <p className="status-note pane-note">Rendering the preview…</p>
      ) : (
        // Sanitised by the content pipeline (rehype-sanitize) before it gets here.
        <PreviewBlocks blocks={shown} lines={rendered?.lines ?? NO_LINES} onPlaced={onPlaced} />
      )}
    </div>
  )
}
