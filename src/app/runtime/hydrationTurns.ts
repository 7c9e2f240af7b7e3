/**
 * Hydration in turns. Hydrating a whole page in one go is one long task (24–45 ms on this
 * machine's public pages, four times that on the phone Lighthouse stands for), and nothing else
 * can run until it ends. Parts of a page marked with `HydrateInTurn` are instead left as
 * prerendered during the first hydration and hydrated afterwards, each in a task of its own, in
 * page order (docs/decisions/0032-hydration-in-turns.md).
 *
 * Only the browser build takes turns: `reactDomClient.ts` (preact/compat, whose Suspense keeps
 * a suspended part's prerendered element and hydrates it once it resumes) calls
 * `enableHydrationTurns`. React (the prerender, `npm run dev`, unit tests) never does, so there a
 * `HydrateInTurn` is just its element.
 */

/** One part of the page waiting to be hydrated. */
export interface Turn {
  /** Settles when the part may hydrate. */
  readonly promise: Promise<void>
  done: boolean
  /** The part's element, once it has hydrated. */
  element: Element | null
  /** The part's ref. */
  attach: (element: Element | null) => void
  /**
   * Called with the part's element when its hydration has changed the page, before any of its
   * effects runs (Preact sets refs first): the moment to read what the hydration itself did.
   */
  onHydrated?: (element: Element) => void
  begin: () => void
}

let inUse = false
let taking = false
let waiting: Turn[] = []
// False only while a page's parts wait for their turns.
let settled = true
const onSettled = new Set<() => void>()

export function enableHydrationTurns(): void {
  inUse = true
}

/** Whether `HydrateInTurn` parts may wait for a turn (the browser build). */
export function hydrationTurnsInUse(): boolean {
  return inUse
}

/** A turn for a part rendered by the first hydration; undefined for any later render. */
export function takeTurn(): Turn | undefined {
  if (!taking) return undefined
  let begin = () => {}
  const turn: Turn = {
    promise: new Promise<void>((resolve) => {
      begin = resolve
    }),
    done: false,
    element: null,
    attach: (element) => {
      const first = !turn.element && element
      turn.element = element
      if (first) turn.onHydrated?.(element)
    },
    begin: () => {
      turn.done = true
      begin()
    },
  }
  waiting.push(turn)
  return turn
}

/** Whether every part has hydrated (always, where no page hydrates in turns). */
export function hydrationSettled(): boolean {
  return settled
}

/** Calls `listener` when the last part has hydrated; returns the unsubscribe. */
export function subscribeHydrationSettled(listener: () => void): () => void {
  onSettled.add(listener)
  return () => onSettled.delete(listener)
}

/** Runs a synchronous render, giving a turn to each part it renders, and returns the turns. */
function collectTurns(render: () => void): Turn[] {
  taking = true
  try {
    render()
  } finally {
    taking = false
  }
  const taken = waiting
  waiting = []
  return taken
}

/**
 * Runs the first hydration, then `resume` for each part that took a turn, each in a task of its
 * own, in page order. `resume` hydrates its part through `collect`, so the part's own parts
 * take turns too and come next.
 */
export function hydrateInTurns(
  hydrate: () => void,
  resume: (turn: Turn, collect: (render: () => void) => void) => Promise<void>,
): void {
  settled = false
  const queue = measured(
    () => 'page',
    () => collectTurns(hydrate),
  )
  void (async () => {
    for (let turn = queue.shift(); turn; turn = queue.shift()) {
      await nextTask()
      let inner: Turn[] = []
      await resume(turn, (render) => {
        inner = measured(
          () => turn.element?.localName ?? 'part',
          () => collectTurns(render),
        )
      })
      queue.unshift(...inner)
    }
  })().finally(() => {
    settled = true
    for (const listener of onSettled) listener()
  })
}

/** What the measures of hydration's tasks are named after: `hydrate page`, `hydrate main`, … */
export const HYDRATION_MEASURE_PREFIX = 'hydrate '

/**
 * Runs `work` and records it as a `hydrate …` measure, which the browser's performance panel
 * shows beside the tasks, and `npm run lighthouse` and the tests read.
 */
function measured<T>(what: () => string, work: () => T): T {
  const start = performance.now()
  try {
    return work()
  } finally {
    performance.measure(`${HYDRATION_MEASURE_PREFIX}${what()}`, { start, end: performance.now() })
  }
}

/** A new task, so the browser can paint and handle input between turns. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(null)
  })
}
