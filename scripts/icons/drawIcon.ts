/**
 * Runs in a page (page.evaluate): the image at `src` drawn onto a `size` px canvas, as PNG data
 * and as its RGBA pixels. renderFavicon.ts writes the PNG; tests/e2e/favicon.spec.ts draws the
 * SVG and the committed PNG the same way and compares their pixels.
 */
export async function drawIcon({ src, size }: { src: string; size: number }): Promise<{
  naturalWidth: number
  pngBase64: string
  pixels: number[]
}> {
  const image = new Image()
  image.src = src
  await image.decode()
  const canvas = document.createElement('canvas')
  canvas.width = size
  canvas.height = size
  const context = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D
  context.drawImage(image, 0, 0, size, size)
  return {
    naturalWidth: image.naturalWidth,
    pngBase64: canvas.toDataURL('image/png').split(',')[1] as string,
    pixels: Array.from(context.getImageData(0, 0, size, size).data),
  }
}
