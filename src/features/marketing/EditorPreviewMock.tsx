import type { ProductSample } from '../content'
import { ProductShot } from './ProductShot'
import { SampleHtml } from './SampleHtml'

interface EditorPreviewMockProps {
  title: string
  sample: ProductSample
  /**
   * The line the editor's cursor is on (1-based), marked as the editor marks its active line.
   * Counted in lines as drawn, so no line above it may wrap at any width.
   */
  cursorLine?: number
  className?: string
}

/**
 * The workspace's open document: the markdown in the editor beside its rendered preview, both
 * from the build's own pipeline and shiki (the editor side is the note highlighted as markdown).
 * Stacked on a phone, as the workspace is.
 */
export function EditorPreviewMock({
  title,
  sample,
  cursorLine,
  className,
}: EditorPreviewMockProps) {
  return (
    <ProductShot title={title} className={className}>
      <div className="mock-panes">
        <div className="mock-pane mock-editor">
          <p className="mock-pane__label">Markdown</p>
          <div
            className="mock-editor__body"
            style={
              cursorLine ? ({ '--cursor-line': cursorLine } as React.CSSProperties) : undefined
            }
          >
            {cursorLine ? <span className="mock-editor__cursor" /> : null}
            <SampleHtml view={sample.editor} className="mock-editor__code" />
          </div>
        </div>
        <div className="mock-pane mock-preview">
          <p className="mock-pane__label">Preview</p>
          <SampleHtml view={sample.preview} className="prose" />
        </div>
      </div>
    </ProductShot>
  )
}
