/**
 * `npx tsx scripts/icons/renderFavicon.ts`: draws public/favicon.svg, the icon's source, into
 * public/favicon.png at 32 × 32 px (a 16 px tab icon on a 2× screen), the file pages link. Run
 * it after changing the SVG: tests/e2e/favicon.spec.ts fails while the two differ.
 *
 * Pages link a PNG, not the SVG: Chromium draws an SVG favicon by building a whole SVG document
 * for it on the page's main thread, a task of 14–50 ms after the first paint in Lighthouse's
 * traces of a post (four times that on its simulated phone), where a PNG needs none.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { chromium } from 'playwright'
import { measuringBrowserPath } from '../prerequisites/requirements.ts'
import { drawIcon } from './drawIcon.ts'

const SIZE = 32

const svg = await readFile('public/favicon.svg', 'utf8')
const browser = await chromium.launch({ executablePath: measuringBrowserPath(process.env) })
try {
  const page = await browser.newPage()
  const { pngBase64 } = await page.evaluate(drawIcon, {
    src: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    size: SIZE,
  })
  await writeFile('public/favicon.png', Buffer.from(pngBase64, 'base64'))
  console.log(`public/favicon.png: ${SIZE} × ${SIZE} px, drawn from public/favicon.svg`)
} finally {
  await browser.close()
}
