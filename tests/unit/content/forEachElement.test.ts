import type { Element, Root } from 'hast'
import { describe, expect, it } from 'vitest'
import { SKIP_CHILDREN, forEachElement } from '../../../src/features/content/forEachElement.ts'

const element = (tagName: string, children: Element['children'] = []): Element => ({
  type: 'element',
  tagName,
  properties: {},
  children,
})

describe('forEachElement', () => {
  it('visits every element in document order, children after their parent, text left out', () => {
    const tree: Root = {
      type: 'root',
      children: [
        element('h2', [{ type: 'text', value: 'Title' }, element('em')]),
        { type: 'text', value: '\n' },
        element('ul', [element('li', [element('a')]), element('li')]),
      ],
    }
    const seen: string[] = []
    forEachElement(tree, (node) => void seen.push(node.tagName))
    expect(seen).toEqual(['h2', 'em', 'ul', 'li', 'a', 'li'])
  })

  it('visits what a visitor adds to an element, and not the children of one it replaced', () => {
    const tree: Root = { type: 'root', children: [element('h1'), element('pre', [element('code')])] }
    const seen: string[] = []
    forEachElement(tree, (node, index, parent) => {
      seen.push(node.tagName)
      if (node.tagName === 'h1') node.children.push(element('a'))
      if (node.tagName === 'pre') {
        parent.children[index] = element('pre', [element('span')])
        return SKIP_CHILDREN
      }
    })
    expect(seen).toEqual(['h1', 'a', 'pre'])
    expect((tree.children[1] as Element).children).toEqual([element('span')])
  })
})
