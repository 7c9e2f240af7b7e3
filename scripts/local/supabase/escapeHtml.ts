const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&#34;',
  "'": '&#39;',
}

/**
 * Text made safe for HTML, in text and in quoted attributes, with the entities Go's
 * html/template writes (GoTrue renders its emails so: auth/emailTemplates.ts).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!)
}
