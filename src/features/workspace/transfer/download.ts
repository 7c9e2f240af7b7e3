/** Hands a file to the browser's downloads (an object URL on a temporary link). */
export function downloadFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started from the click; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
