import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  BUILD_CHECK_INTERVAL_MS,
  isNewerBuild,
  pageBuildHash,
  startBuildCheck,
} from '../../../src/app/buildCheck.ts'

afterEach(() => {
  vi.useRealTimers()
})

describe('isNewerBuild', () => {
  it('is true only for a well-formed manifest with another id', () => {
    expect(isNewerBuild('a', { id: 'b', timestamp: 1 })).toBe(true)
    expect(isNewerBuild('a', { id: 'a', timestamp: 1 })).toBe(false)
    expect(isNewerBuild('a', { id: 'b' })).toBe(false)
    expect(isNewerBuild('a', null)).toBe(false)
    expect(isNewerBuild('a', '<html>')).toBe(false)
  })

  it("compares the page's hash with the start of the published build's id", () => {
    const id = '3f9a0c21be4d7e58'
    expect(pageBuildHash(id)).toBe('3f9a0c21be')
    expect(isNewerBuild(pageBuildHash(id), { id, timestamp: 1 })).toBe(false)
    expect(isNewerBuild(pageBuildHash(id), { id: '3f9a0c21bf4d7e58', timestamp: 2 })).toBe(true)
  })
})

describe('startBuildCheck', () => {
  it('polls every 60 minutes and reports a new build once', async () => {
    vi.useFakeTimers()
    expect(BUILD_CHECK_INTERVAL_MS).toBe(3_600_000)
    const manifests = [
      { id: 'current', timestamp: 1 },
      { id: 'next', timestamp: 2 },
    ]
    const fetchManifest = vi.fn(async () => manifests.shift() ?? { id: 'later', timestamp: 3 })
    const onNewBuild = vi.fn()
    startBuildCheck({ runningHash: 'current', fetchManifest, onNewBuild })

    await vi.advanceTimersByTimeAsync(59 * 60 * 1000)
    expect(fetchManifest).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(60 * 1000)
    expect(fetchManifest).toHaveBeenCalledTimes(1)
    expect(onNewBuild).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS)
    expect(onNewBuild).toHaveBeenCalledWith({ id: 'next', timestamp: 2 })
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 3)
    expect(fetchManifest).toHaveBeenCalledTimes(2)
    expect(onNewBuild).toHaveBeenCalledTimes(1)
  })

  it('counts the hour from when the page started, though its module loads later', async () => {
    vi.useFakeTimers()
    const fetchManifest = vi.fn(async () => ({ id: 'current', timestamp: 1 }))
    const since = Date.now()
    await vi.advanceTimersByTimeAsync(59 * 60 * 1000) // the module arrived late
    startBuildCheck({ runningHash: 'current', fetchManifest, onNewBuild: vi.fn(), since })
    await vi.advanceTimersByTimeAsync(59 * 1000)
    expect(fetchManifest).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1000)
    expect(fetchManifest).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS)
    expect(fetchManifest).toHaveBeenCalledTimes(2)
  })

  it('survives network errors and stops when asked', async () => {
    vi.useFakeTimers()
    const fetchManifest = vi.fn(async () => {
      throw new Error('offline')
    })
    const onNewBuild = vi.fn()
    const stop = startBuildCheck({ runningHash: 'x', fetchManifest, onNewBuild, intervalMs: 1000 })
    await vi.advanceTimersByTimeAsync(2500)
    expect(fetchManifest).toHaveBeenCalledTimes(2)
    stop()
    await vi.advanceTimersByTimeAsync(5000)
    expect(fetchManifest).toHaveBeenCalledTimes(2)
    expect(onNewBuild).not.toHaveBeenCalled()
  })
})
