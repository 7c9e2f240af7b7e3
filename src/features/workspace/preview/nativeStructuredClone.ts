/**
 * `@ungap/structured-clone` as the preview worker's copies of hast-util-sanitize and
 * mdast-util-to-hast call it: one value, no options. With a native `structuredClone`, which
 * every browser the site supports has in a worker, the package does exactly this; its polyfill
 * (1.3 KB gzip) only came along with every note (vite.config.ts gives the worker this module).
 */
export default function structuredCloneOf<T>(value: T): T {
  return structuredClone(value)
}
