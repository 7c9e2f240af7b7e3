/**
 * An `<img src>` that shows the two-factor enrolment QR code whatever shape it arrives in.
 * GoTrue sends raw SVG markup and supabase-js pastes it, unencoded, after
 * `data:image/svg+xml;utf-8,`: a `#` in that markup (a colour such as `#000`) ends the URL
 * there and the image breaks, and other characters depend on the browser's leniency. Raw
 * markup is therefore percent-encoded here; base64 and already-encoded data URLs pass through.
 */
export function qrCodeImageSource(qrCode: string): string {
  const value = qrCode.trim()
  if (value.startsWith('<')) return svgDataUrl(value)
  const dataUrl = /^data:image\/svg\+xml((?:;[^,]*)?),([\s\S]*)$/i.exec(value)
  if (!dataUrl) return value
  const [, parameters = '', body = ''] = dataUrl
  if (/;base64$/i.test(parameters)) return value
  return body.trimStart().startsWith('<') ? svgDataUrl(body) : value
}

function svgDataUrl(markup: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`
}
