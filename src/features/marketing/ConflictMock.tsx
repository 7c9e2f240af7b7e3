import type { ProductSample } from '../content'
import { ProductShot } from './ProductShot'
import { SampleHtml } from './SampleHtml'

/**
 * A save that found a newer version saved elsewhere, in the editor's own words: the choice,
 * and what differs between the two texts (the `conflict` sample, a diff highlighted by shiki).
 */
export function ConflictMock({ diff }: { diff: ProductSample }) {
  return (
    <ProductShot
      title="Incident 2026-11-02"
      status="Not saved: this document changed elsewhere"
      alert
      className="product-shot--conflict"
    >
      <div className="mock-conflict">
        <p className="mock-conflict__title">This document changed elsewhere</p>
        <p>
          Another tab or device saved a different version at 14:32. Your text is still here and has
          not been saved over it. Which one should Folio keep?
        </p>
        <p className="mock-buttons">
          <span className="mock-button">Keep mine</span>
          <span className="mock-button">Take theirs</span>
          <span className="mock-button mock-button--pressed">Hide comparison</span>
        </p>
        <SampleHtml view={diff.preview} className="prose mock-conflict__diff" />
      </div>
    </ProductShot>
  )
}
