/**
 * The tab icon: pages link a PNG, never the SVG, which Chromium draws by building a whole
 * document on the page's main thread after the first paint (scripts/icons/renderFavicon.ts);
 * and the PNG still shows what the SVG, its source, draws.
 */
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
  const { size, largestDifference } = await page.evaluate(async () => {
    const pixelsOf = async (src: string, size: number) => {
      const image = new Image()
      image.src = src
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = size
      canvas.height = size
      const context = canvas.getContext('2d', { willReadFrequently: true })
      context?.drawImage(image, 0, 0, size, size)
      return { natural: image.naturalWidth, pixels: context?.getImageData(0, 0, size, size).data }
    }
    const png = await pixelsOf('/favicon.png', 32)
    const svg = await pixelsOf('/favicon.svg', 32)
    let largest = 0
    png.pixels?.forEach((value, index) => {
      largest = Math.max(largest, Math.abs(value - (svg.pixels?.[index] ?? -255)))
    })
    return { size: png.natural, largestDifference: largest }
  })
  expect(size).toBe(32)
  // Antialiased edges may round differently through a PNG; a changed SVG differs by far more.
  expect(largestDifference).toBeLessThanOrEqual(8)
})
