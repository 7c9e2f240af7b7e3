/**
 * The preview follows the editor: the block at the editor's top line goes to the preview's top
 * (interpolated within blocks, preview/linePlaces.ts), and when the editor shows the note's end
 * so does the preview, so typing at the end of a long note shows what is typed rendered. The
 * block with the cursor is kept in view too, while the editor shows the cursor: a short note
 * drawn taller than it is written (an image, a long table) never scrolls the editor.
 *
 * One way only, editor to preview, so the two can never push each other back and forth. The
 * person may scroll the preview alone to read: a wheel, a touch, a key, the scroll bar, a link
 * to a place in the note, text selected in the preview, or any other scroll the follower did not
 * ask for (the browser's find bar landing on a match, focus moving to a link) puts following on
 * hold until they next scroll, edit or move the cursor in the editor.
 *
 * Layout is read sparingly: the editor's scrolling is followed inside CodeMirror's measuring
 * pass (editor/scrollAnchor.ts), and the preview's own changes (new blocks, a new size of the
 * pane or of what it shows, the phone's preview shown) in one animation frame, reading two blocks' boxes. Blocks in chunks
 * the browser skips (`content-visibility: auto`, patchBlocks.ts) are measured all the same: the
 * browser lays out that one chunk to answer, and a chunk that then comes into view at its real
 * height moves the blocks after it, which the next frames correct (`settle`).
 */
import type { ScrollFollower, SourceAnchor } from './editor/scrollAnchor'
import {
  blocksWithPlaces,
  lineSpanOf,
  previewOffsetOf,
  scrollToShow,
  type BlockBox,
} from './preview/linePlaces'
import { CHUNK_CLASS } from './preview/patchBlocks'

export interface ScrollSync extends ScrollFollower<number | null> {
  /** Follows into `pane`, the preview's scroller; returns what stops it. */
  attachPreview(pane: HTMLElement): () => void
  /** The preview's blocks as they are on the page now, and where each came from in the note. */
  previewPlaced(nodes: readonly (readonly ChildNode[])[], lines: Uint32Array): void
  dispose(): void
}

/** Frames after a scroll in which the target is measured again, for chunks drawn at last. */
const SETTLE_FRAMES = 3
/** Frames a target inside a chunk not yet drawn may take to be measured for real. */
const UNDRAWN_FRAMES = 12
/**
 * The longest jump that glides, in screens. A glide draws every chunk it passes, at its real
 * height, which moves the target on: gliding half way down a 1 MB note kept the preview moving,
 * and drawing, for seconds (500 ms of layout and paint a second while the person typed).
 */
const GLIDE_SCREENS = 3
/** Room kept between the block with the cursor and the preview's top or bottom edge. */
const CURSOR_MARGIN = 16
/**
 * Frames after the preview's blocks or sizes change in which a scroll of the pane is the
 * browser's own: scroll anchoring, or a pane or content grown shorter than the scroll position.
 * It moves the pane in that layout and says so at the start of the next frame; a change handed
 * over between frames is laid out in the first, so two frames.
 */
const REFLOW_FRAMES = 2

const cursorLine = (place: SourceAnchor) =>
  place.cursor === null ? null : Math.floor(place.cursor)

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
}

/** Whether a press on `pane` is on its scroll bar: on the pane itself, outside its content box. */
function onScrollBar(pane: HTMLElement, event: PointerEvent): boolean {
  if (event.target !== pane) return false
  const box = pane.getBoundingClientRect()
  return (
    event.clientX >= box.left + pane.clientLeft + pane.clientWidth ||
    event.clientY >= box.top + pane.clientTop + pane.clientHeight
  )
}

/** Whether text inside `pane` is selected. */
function selectsIn(pane: HTMLElement): boolean {
  const selection = pane.ownerDocument.getSelection()
  return !!selection && !selection.isCollapsed && pane.contains(selection.focusNode)
}

export function createScrollSync(): ScrollSync {
  let pane: HTMLElement | null = null
  let nodes: readonly (readonly ChildNode[])[] = []
  let lines: Uint32Array = new Uint32Array()
  let withPlaces: Uint32Array = new Uint32Array()
  /** Where the editor last was, while it was on screen. */
  let anchor: SourceAnchor | null = null
  /** The person is reading the preview on their own. */
  let held = false
  /** The scroll position last asked of the preview. */
  let lastTarget: number | null = null
  let frame = 0
  let settleFrames = 0
  /** A glide is under way: the pane is not yet where it was asked to be. */
  let gliding = false
  /**
   * How far the block with the cursor took the preview from where the editor's top line puts it,
   * and the place that was: while the editor does not scroll, the next target starts from there,
   * so moving the cursor over blocks in view moves nothing, and a block out of view is brought
   * in by the least scrolling. A scroll of the editor starts again from its top line.
   */
  let cursorShift = 0
  let shiftedAt: SourceAnchor | null = null
  /** The last target lies in a chunk the browser has not drawn yet (`boxOf`). */
  let undrawn = false
  let undrawnFrames = 0
  /** Frames left in which a scroll of the pane may be the browser's (`REFLOW_FRAMES`). */
  let reflowFrames = 0
  let reflowFrame = 0

  /** The preview's blocks or sizes changed: the browser may move the pane (`REFLOW_FRAMES`). */
  function reflowed(): void {
    reflowFrames = REFLOW_FRAMES
    const countDown = () => {
      reflowFrame = requestAnimationFrame(() => {
        reflowFrame = 0
        reflowFrames -= 1
        if (reflowFrames > 0) countDown()
      })
    }
    if (!reflowFrame) countDown()
  }

  /**
   * Where a block is drawn. A chunk the browser has skipped since the note opened is as tall as
   * `contain-intrinsic-size` says, while the browser lays its blocks out at their real heights
   * when asked for their boxes: far below the chunk's end, where the chunks after it are drawn.
   * Such a box is brought inside its chunk, and `undrawn` set: scrolled to, the chunk is drawn
   * at its real height, and the next frames measure the block again (`schedule`).
   */
  function boxOf(block: number, paneTop: number): BlockBox | null {
    const elements = (nodes[block] ?? []).filter((node): node is Element => node.nodeType === 1)
    const first = elements[0]
    const last = elements[elements.length - 1]
    if (!first || !last || !first.isConnected) return null
    let top = first.getBoundingClientRect().top - paneTop
    let bottom = last.getBoundingClientRect().bottom - paneTop
    const chunk = first.parentElement
    if (chunk?.classList.contains(CHUNK_CLASS)) {
      const box = chunk.getBoundingClientRect()
      const [chunkTop, chunkBottom] = [box.top - paneTop, box.bottom - paneTop]
      if (bottom > chunkBottom + 1 || top < chunkTop - 1) {
        undrawn = true
        top = Math.min(Math.max(top, chunkTop), chunkBottom)
        bottom = Math.min(Math.max(bottom, top), chunkBottom)
      }
    }
    return { top, bottom }
  }

  /** The preview's scroll position for `place`, or null when the preview cannot show it. */
  function targetFor(place: SourceAnchor): number | null {
    undrawn = false
    if (!pane || pane.clientHeight === 0) return null // not on screen (the phone's editor shows)
    const maxScroll = pane.scrollHeight - pane.clientHeight
    if (maxScroll <= 0) return null
    // Offsets within the scrolled content: from the top of the pane's padding box, scrolled.
    const paneTop = pane.getBoundingClientRect().top + pane.clientTop - pane.scrollTop
    const boxes = new Map<number, BlockBox | null>()
    const measure = (block: number) => {
      if (!boxes.has(block)) boxes.set(block, boxOf(block, paneTop))
      return boxes.get(block) ?? null
    }
    const offset = previewOffsetOf(place.line, lines, withPlaces, measure)
    if (offset === null) return null
    const clamped = (top: number) => Math.round(Math.min(maxScroll, Math.max(0, top)))
    const fromTopLine = clamped(offset + (maxScroll - offset) * place.toEnd)
    // The block with the cursor stays in view, where the editor shows the cursor: rendered
    // taller than it is written (an image, a long table), it would fall below the preview's end.
    const screen = pane.clientHeight
    const cursor =
      place.cursor === null
        ? null
        : lineSpanOf(place.cursor, lines, withPlaces, measure, screen - 2 * CURSOR_MARGIN)
    const sameTop = shiftedAt?.line === place.line && shiftedAt.toEnd === place.toEnd
    const target = cursor
      ? clamped(
          scrollToShow(fromTopLine + (sameTop ? cursorShift : 0), cursor, screen, CURSOR_MARGIN),
        )
      : fromTopLine
    cursorShift = target - fromTopLine
    shiftedAt = place
    return target
  }

  /** `correcting`: the target moved as chunks were drawn; no new glide for that. */
  function scrollTo(target: number, correcting = false): void {
    if (!pane) return
    lastTarget = target
    const distance = Math.abs(pane.scrollTop - target)
    if (distance < 1) return
    // A jump of a screen or more (a page down, a search match) glides, so the eye can follow,
    // unless the person asked for less motion; following a scroll or typing moves with the
    // editor, at once, and so does a far jump (GLIDE_SCREENS).
    const screen = pane.clientHeight
    const glide =
      !correcting &&
      distance > screen &&
      distance <= GLIDE_SCREENS * screen &&
      !prefersReducedMotion()
    gliding = glide
    pane.scrollTo({ top: target, behavior: glide ? 'smooth' : 'instant' })
    if (!correcting) {
      settleFrames = SETTLE_FRAMES
      undrawnFrames = UNDRAWN_FRAMES
      schedule()
    }
  }

  /**
   * Follows the editor's last place again in the next frame: after the preview's own change, and
   * for a few frames after a scroll, while chunks drawn at their real height move the target.
   */
  function schedule(): void {
    if (frame) return
    frame = requestAnimationFrame(() => {
      frame = 0
      if (held || !anchor) return
      const target = targetFor(anchor)
      let settling = false
      if (undrawn && undrawnFrames > 0) {
        undrawnFrames -= 1 // until the chunk with the target is drawn
        settling = true
      } else if (settleFrames > 0) {
        settleFrames -= 1
        settling = true
      }
      // The browser's own scroll anchoring may have moved the pane when blocks changed.
      const away = (top: number) => !gliding && !!pane && Math.abs(pane.scrollTop - top) >= 1
      if (target !== null && (target !== lastTarget || away(target))) scrollTo(target, settling)
      if (settling) schedule()
    })
  }

  return {
    read(place, byPerson) {
      if (byPerson) held = false
      if (!place) return null
      // Typing along a line moves the cursor within it: nothing to read of the preview until
      // its blocks change (`previewPlaced`), which follows the latest place.
      const moved =
        place.line !== anchor?.line ||
        place.toEnd !== anchor.toEnd ||
        cursorLine(place) !== cursorLine(anchor)
      anchor = place
      if (held || (!moved && !byPerson)) return null
      return targetFor(place)
    },
    write(target) {
      if (target !== null) scrollTo(target)
    },
    attachPreview(element) {
      pane = element
      const hold = () => {
        held = true
      }
      // A press on the scroll bar scrolls the pane: held. A press on the content may select
      // text, and a drag to select past the pane's edge scrolls it: held while the button is
      // down, and after it while text in the preview is selected or the press scrolled the pane
      // (a scroll bar drawn over the content, as on macOS, is no press outside it), so the
      // preview does not move away from what the person is selecting or reading. A mere click
      // changes nothing: the preview goes on following as before it.
      let pressed = false
      let heldBeforePress = false
      let scrollBeforePress = 0
      const press = (event: PointerEvent) => {
        if (onScrollBar(element, event)) return hold()
        pressed = true
        heldBeforePress = held
        scrollBeforePress = element.scrollTop
        held = true
      }
      const released = () => {
        if (!pressed) return
        pressed = false
        const scrolled = Math.abs(element.scrollTop - scrollBeforePress) >= 1
        held = heldBeforePress || scrolled || selectsIn(element)
      }
      const page = element.ownerDocument
      // A link to a place in the note (a footnote and its way back, a heading's anchor) moves
      // the preview on its own: following the editor again would take the person straight back.
      const holdOnInPageLink = (event: MouseEvent) =>
        event.target instanceof Element && event.target.closest('a[href^="#"]') && hold()
      // The pane's size, and its content's: an image that loads late (an attachment's signed
      // address) or a web font makes blocks taller without new blocks, and moves the cursor's.
      const resized = new ResizeObserver(() => {
        reflowed()
        schedule()
      })
      // A scroll the follower did not ask for, at no change of blocks or sizes, is the person's
      // though no event of theirs came: the browser's find bar landing on a match, focus moving
      // to a link, a screen reader. Following back to the editor would undo it.
      const scrolled = () => {
        if (held || gliding || reflowFrames > 0) return
        if (lastTarget !== null && Math.abs(element.scrollTop - lastTarget) < 1) return
        hold()
      }
      element.addEventListener('wheel', hold, { passive: true })
      element.addEventListener('touchmove', hold, { passive: true })
      element.addEventListener('keydown', hold)
      element.addEventListener('pointerdown', press)
      // Released anywhere: a drag to select may end outside the pane.
      page.addEventListener('pointerup', released, true)
      page.addEventListener('pointercancel', released, true)
      element.addEventListener('click', holdOnInPageLink)
      // A glide ends where blocks drawn on the way may have moved the target.
      const glided = () => {
        gliding = false
        schedule()
      }
      element.addEventListener('scrollend', glided)
      element.addEventListener('scroll', scrolled, { passive: true })
      resized.observe(element)
      if (element.firstElementChild) resized.observe(element.firstElementChild)
      return () => {
        element.removeEventListener('wheel', hold)
        element.removeEventListener('touchmove', hold)
        element.removeEventListener('keydown', hold)
        element.removeEventListener('pointerdown', press)
        page.removeEventListener('pointerup', released, true)
        page.removeEventListener('pointercancel', released, true)
        element.removeEventListener('click', holdOnInPageLink)
        element.removeEventListener('scrollend', glided)
        element.removeEventListener('scroll', scrolled)
        resized.disconnect()
        if (pane === element) pane = null
      }
    },
    previewPlaced(placedNodes, placedLines) {
      // The page rendered again without patching anything (patchBlocks keeps the list).
      if (placedNodes === nodes && placedLines === lines) return
      nodes = placedNodes
      // The in-page renderer (no workers) may not say where every block came from: no map then.
      const matches = placedLines.length === 2 * placedNodes.length
      lines = matches ? placedLines : new Uint32Array()
      withPlaces = blocksWithPlaces(lines)
      reflowed()
      schedule()
    },
    dispose() {
      cancelAnimationFrame(frame)
      cancelAnimationFrame(reflowFrame)
      frame = 0
      reflowFrame = 0
      pane = null
    },
  }
}
