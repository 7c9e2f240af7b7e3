/**
 * The tab icon: pages link a PNG, never the SVG, which Chromium draws by building a whole
 * document on the page's main thread after the first paint (scripts/icons/renderFavicon.ts);
 * and the PNG still shows what the SVG, its source, draws.
 */
import { drawIcon } from '../../scripts/icons/drawIcon.ts'
import { expect, test } from './fixtures.ts'

for (const path of ['/', '/blog/introducing-folio', '/login']) {
  test(`${path} links the PNG tab icon, and no SVG icon`, async ({ page }) => {
    await page.goto(path)
    const icons = page.locator('link[rel~="icon"]')
    await expect(icons).toHaveCount(1)
    await expect(icons).toHaveAttribute('href', '/favicon.png')
    await expect(icons).toHaveAttribute('type', 'image/png')
  })
}

test('the PNG tab icon is the SVG icon drawn at 32 px', async ({ page }) => {
  await page.goto('/')
  const png = await page.evaluate(drawIcon, { src: '/favicon.png', size: 32 })
  const svg = await page.evaluate(drawIcon, { src: '/favicon.svg', size: 32 })
  expect(png.naturalWidth).toBe(32)
  const largestDifference = Math.max(
    ...png.pixels.map((value, index) => Math.abs(value - (svg.pixels[index] as number))),
  )
  // Antialiased edges may round differently through a PNG; a changed SVG differs by far more.
  expect(largestDifference).toBeLessThanOrEqual(8)
})
