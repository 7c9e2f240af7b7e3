/**
 * What becomes of each page and payload vite-react-ssg renders, in order: a page gets links that
 * preload what its render used (preloadLinks.ts), then its charset first in the head, its
 * documents' HTML (proseSlots.ts) and its framework's preloads (frameworkPreloads.ts), then
 * PageFinisher's rewrites and checks; a payload gets its documents' HTML and is checked. The
 * finishing thread runs these (finishingWorker.ts).
 */
import { fillProseSlotsFromCache, proseInLoaderData } from '../content/proseSlots.ts'
import { PageFinisher, hoistCharset } from './finishBuild.ts'
import { withPreloadLinks } from './preloadLinks.ts'
import {
  addModulePreloads,
  dropLazyPreloads,
  frameworkChunkFiles,
  readViteManifest,
  type ViteManifest,
} from './frameworkPreloads.ts'

export class FinishingSteps {
  readonly pages: PageFinisher
  // Read with the first page: the client build has written the manifest by then.
  private preloads: { manifest: ViteManifest; framework: string[] } | undefined

  constructor(
    private readonly outDir: string,
    /** Where each document's HTML is in the render cache, by its prose slot. */
    private readonly proseLocations: Map<string, string>,
  ) {
    this.pages = new PageFinisher(outDir)
  }

  /** `rendered` as vite-react-ssg hands it over, with the files its render used (`used`). */
  async page(route: string, rendered: string, used: string[]): Promise<string> {
    if (!this.preloads) {
      const manifest = readViteManifest(this.outDir)
      this.preloads = { manifest, framework: frameworkChunkFiles(manifest) }
    }
    const linked = withPreloadLinks(rendered, used)
    const withProse = await fillProseSlotsFromCache(hoistCharset(linked), this.proseLocations)
    const withPreloads = dropLazyPreloads(
      addModulePreloads(withProse, this.preloads.framework),
      this.preloads.manifest,
    )
    return this.pages.finish(route, withPreloads)
  }

  async payload(file: string, loaderData: unknown): Promise<string> {
    return this.pages.finishPayload(file, await proseInLoaderData(loaderData, this.proseLocations))
  }
}
