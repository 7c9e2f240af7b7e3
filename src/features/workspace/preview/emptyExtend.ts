/**
 * `extend` (jQuery's deep merge, a CommonJS package) as the preview worker's unified imports it.
 * unified 11 calls it when it copies a processor, which every `unified()` does to its frozen,
 * empty base (`extend(true, {}, {})`, nothing to merge), to merge a preset's settings, and to
 * merge the options of a plugin used twice. The preview's pipeline (content/markdown.ts) only
 * does the first, so the package, and the wrapper the bundler adds around CommonJS code, only
 * came along with every note (0.6 KB gzip; vite.config.ts gives the worker this module). With
 * nothing to merge it returns the target, as the package does; anything else stops the preview
 * here, loudly, rather than merging in some other way.
 */
export default function extend(_deep: boolean, target: object, ...sources: unknown[]): object {
  for (const source of sources)
    if (source !== null && typeof source === 'object')
      for (const key in source)
        throw new Error(`The preview's unified merges nothing, yet was asked to merge “${key}”`)
  return target
}
