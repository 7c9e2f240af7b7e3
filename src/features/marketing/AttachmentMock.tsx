import type { ProductSample } from '../content'
import { ProductShot } from './ProductShot'
import { SampleHtml } from './SampleHtml'

/** p95 latency per hour, in ms: the picture the `attachment` sample note links to. */
const LATENCY = [820, 840, 790, 810, 760, 430, 210, 150, 130, 125, 120, 122]
const CHART = { width: 240, height: 96, bar: 14 }

/** The pasted screenshot, drawn as a vector chart so the page ships no image. */
function LatencyChart() {
  const step = CHART.width / LATENCY.length
  const top = Math.max(...LATENCY)
  return (
    <svg className="mock-chart" viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="presentation">
      {LATENCY.map((ms, hour) => {
        const height = Math.round((ms / top) * (CHART.height - 8))
        return (
          <rect
            key={hour}
            x={Math.round(hour * step + (step - CHART.bar) / 2)}
            y={CHART.height - height}
            width={CHART.bar}
            height={height}
            rx={3}
            className={ms > 300 ? 'mock-chart__bar mock-chart__bar--slow' : 'mock-chart__bar'}
          />
        )
      })}
    </svg>
  )
}

/**
 * A screenshot dropped into a note: the editor shows the link Folio wrote for it (the
 * `attachment` sample, highlighted at build time), the preview shows the picture.
 */
export function AttachmentMock({ note }: { note: ProductSample }) {
  return (
    <ProductShot title="Cache warm-up" className="product-shot--attachment">
      <div className="mock-panes">
        <div className="mock-pane mock-editor">
          <p className="mock-pane__label">Markdown</p>
          <div className="mock-editor__body">
            <SampleHtml view={note.editor} className="mock-editor__code" />
          </div>
          <p className="mock-upload">
            <span className="mock-upload__file">latency.png</span> uploaded to your private folder
          </p>
        </div>
        <div className="mock-pane mock-preview">
          <p className="mock-pane__label">Preview</p>
          <div className="prose">
            <h2>p95 latency after the fix</h2>
            <LatencyChart />
            <p>Down from 840 ms to 120 ms once the cache warmed up.</p>
          </div>
        </div>
      </div>
    </ProductShot>
  )
}
