/**
 * The product sample notes the marketing pages show in their editor and preview mocks
 * (src/features/marketing/samples/*.md). They go through the same render as every document,
 * twice each: as the editor shows them (the markdown itself as a highlighted `md` block) and as
 * the preview does (rendered). So the mocks are real pipeline and shiki output, made at build
 * time, and the browser gets HTML only.
 */
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import type { ProductSample, RenderedMarkdown } from '../../src/features/content/types.ts'
import { ContentError } from './contentError.ts'

export const SAMPLES_DIR = 'src/features/marketing/samples'

export interface SampleSource {
  name: string
  body: string
}

const SAMPLE_NAME = /^[a-z0-9][a-z0-9-]*$/

/** Every `<name>.md` in `dir`, by name; none when the folder does not exist. */
export async function loadSamples(dir: string): Promise<SampleSource[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[]
    throw error
  })
  const samples: SampleSource[] = []
  for (const file of names.filter((name) => name.endsWith('.md')).sort()) {
    const name = file.slice(0, -'.md'.length)
    if (!SAMPLE_NAME.test(name))
      throw new ContentError(path.join(dir, file), `a sample's file name must be a slug ("${name}" is not)`)
    samples.push({ name, body: await readFile(path.join(dir, file), 'utf8') })
  }
  return samples
}

/**
 * The markdown as one `md` code block, so shiki highlights the source the way the editor does
 * (its markdown grammar also highlights the languages inside fences). The fence is tildes,
 * longer than any run of tildes in the note, so nothing inside can close it; a backtick fence
 * would be closed by the note's own ``` lines.
 */
export function editorSource(body: string): string {
  const longestRun = Math.max(2, ...[...body.matchAll(/~+/g)].map((match) => match[0].length))
  const fence = '~'.repeat(longestRun + 1)
  return `${fence}md\n${body.replace(/\n+$/, '')}\n${fence}\n`
}

/** The bodies to render for `samples`: each one's editor view, then its preview. */
export function sampleBodies(samples: SampleSource[]): string[] {
  return samples.flatMap((sample) => [editorSource(sample.body), sample.body])
}

/** The samples by name, from the renders of sampleBodies(samples) in that order. */
export function productSamples(
  samples: SampleSource[],
  rendered: RenderedMarkdown[],
): Record<string, ProductSample> {
  const byName: Record<string, ProductSample> = {}
  samples.forEach(({ name }, index) => {
    const editor = rendered[index * 2]
    const preview = rendered[index * 2 + 1]
    if (!editor || !preview) throw new Error(`The sample "${name}" was not rendered`)
    byName[name] = {
      name,
      editor: { sample: `${name}:editor`, html: editor.html },
      preview: { sample: `${name}:preview`, html: preview.html },
    }
  })
  return byName
}
