/**
 * What GitHub-flavoured markdown promises a writer, seen in the dashboard's preview (the same
 * renderer and stylesheet as the blog): footnotes that link both ways, table columns aligned as
 * written, quotes, rules and task lists that look like themselves.
 */
import { expect, test } from '@playwright/test'
import { openNewNote, preview } from './dashboardHelpers.ts'
import { trackErrors } from './fixtures.ts'

const NOTE = [
  '# Sources',
  '',
  'A claim that needs a source[^source].',
  '',
  '| item | price | note |',
  '| :--- | ----: | :--: |',
  '| tea | 3.50 | hot |',
  '',
  '> Quoted from the manual.',
  '',
  '---',
  '',
  '- [x] written',
  '- [ ] checked',
  '',
  ...Array.from({ length: 40 }, (_, line) => `Filler paragraph ${line + 1}.\n`),
  '[^source]: Where it comes from.',
].join('\n')

test('a footnote and its reference link both ways, and GitHub’s blocks look like themselves', async ({
  page,
}) => {
  const errors = trackErrors(page)
  await page.setViewportSize({ width: 1280, height: 700 })
  await openNewNote(page, 'preview-markdown', { title: 'Sources', body: NOTE })
  const prose = preview(page)
  const reference = prose.locator('sup a[data-footnote-ref]')
  const footnote = prose.locator('.footnotes li')
  await expect(reference).toHaveText('1')
  await expect(footnote).not.toBeInViewport()

  await reference.click()
  await expect(footnote).toBeInViewport()
  await expect(page).toHaveURL(/#fn-source$/)
  // And it stays there: the preview, which follows the editor's scrolling, does not take the
  // person back to where the editor is once the jump has ended.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 300))),
  )
  await expect(footnote).toBeInViewport()
  await footnote.getByRole('link', { name: 'Back to reference 1' }).click()
  await expect(reference).toBeInViewport()
  // Screen readers hear the reference described by the section's label, which only they see.
  const label = prose.locator(`[id="${await reference.getAttribute('aria-describedby')}"]`)
  await expect(label).toHaveText('Footnotes')
  expect(await label.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThan(2)

  const style = (selector: string, property: string) =>
    prose
      .locator(selector)
      .first()
      .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property)
  // Browsers draw align= as their own -webkit- values.
  expect(await style('td:nth-child(1)', 'text-align')).toMatch(/(^|-)left$/)
  expect(await style('td:nth-child(2)', 'text-align')).toMatch(/(^|-)right$/)
  expect(await style('th:nth-child(3)', 'text-align')).toMatch(/(^|-)center$/)
  expect(await style('blockquote', 'border-left-width')).toBe('3px')
  expect(await style('hr', 'border-top-style')).toBe('solid')
  expect(await style('.task-list-item', 'list-style-type')).toBe('none')
  expect(errors).toEqual([])
})

test('a long word, address or inline code on a phone wraps inside the preview, none of it hidden', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const word = `pneumono${'ultramicroscopic'.repeat(4)}silicovolcanoconiosis`
  const address = `https://example.com/${'a-long-path-segment/'.repeat(6)}end?query=kept`
  const code = `some_${'very_long_identifier_'.repeat(4)}name`
  await openNewNote(page, 'preview-long-words', {
    title: 'Long words',
    body: `A ${word} here.\n\nSee ${address} for more.\n\n- Call \`${code}\` first.\n`,
  })
  await page.getByRole('button', { name: 'Preview', exact: true }).click()
  const prose = preview(page)
  await expect(prose.getByRole('link', { name: address })).toBeVisible()
  // The preview pane hides what runs past its edge: every block must fit in its own width.
  for (const block of await prose.locator('p, li').all()) {
    const { scrollWidth, clientWidth } = await block.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }))
    expect(scrollWidth, await block.innerText()).toBeLessThanOrEqual(clientWidth)
  }
})

for (const colorScheme of ['light', 'dark'] as const)
  test.describe(`in the ${colorScheme} theme`, () => {
    test.use({ colorScheme })

    test('a code block in an unknown language, or none, sits in the same box as a highlighted one', async ({
      page,
    }) => {
      await openNewNote(page, `preview-code-box-${colorScheme}`, {
        title: 'Code boxes',
        body: '```ts\nconst answer = 42\n```\n\n```foo\nfrobnicate --all\n```\n\n```\nplain\n```\n',
      })
      const blocks = preview(page).locator('pre')
      await expect(preview(page).locator('pre.shiki')).toBeVisible()
      await expect(blocks).toHaveCount(3)
      const looks = await blocks.evaluateAll((pres) =>
        pres.map((pre) => {
          const style = getComputedStyle(pre)
          const text = getComputedStyle(pre.querySelector('code') ?? pre).color
          return [
            style.backgroundColor,
            style.color,
            text,
            style.padding,
            style.border,
            style.borderRadius,
          ].join(' / ')
        }),
      )
      expect(looks[1], 'the unknown language').toBe(looks[0])
      expect(looks[2], 'no language').toBe(looks[0])
      // And every one is reached by Tab, to scroll a wide block from the keyboard.
      for (const index of [0, 1, 2])
        await expect(blocks.nth(index)).toHaveAttribute('tabindex', '0')
    })
  })
