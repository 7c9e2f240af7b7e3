/**
 * index.html's indentation survives into every page's <head> (newlines and spaces between
 * tags). Between head elements it is never rendered, so it is taken out; the body is left as
 * written, since there whitespace between inline elements and inside <pre> is text.
 */
export function withoutHeadWhitespace(html: string): string {
  const at = html.indexOf('</head>')
  if (at === -1) return html
  const end = at + '</head>'.length
  // Whitespace between two tags only; what a <title>, <script> or <style> holds is untouched
  // (their text never starts and ends with a tag around bare whitespace).
  return html.slice(0, end).replace(/>\s+</g, '><') + html.slice(end)
}
