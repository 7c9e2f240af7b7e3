/**
 * The content feature's public surface for pages: light, browser-safe pieces only. Two more
 * entries exist on purpose, so that nothing heavy rides along with a page:
 * - ./pipeline: the markdown pipeline itself (unified, sanitiser), for the dashboard preview,
 *   to be imported lazily;
 * - ./server: build-time reading of the rendered content, for page loaders while prerendering.
 */
// Pages that show content get its stylesheet with it (and no other page does).
import './content.css'

export { ProseHtml } from './ProseHtml'
export { proseSlot } from './proseInPage'
export { readingMinutes } from './readingTime'
export type {
  ChangelogEntry,
  ContentPage,
  Heading,
  Post,
  PostPageData,
  PostSummary,
  ProductSample,
  RenderedMarkdown,
  SampleView,
  SiteContent,
} from './types'
