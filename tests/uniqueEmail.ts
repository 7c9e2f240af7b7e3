let counter = 0

/**
 * A unique address per call, so tests running in parallel (Playwright workers, the backend
 * suite on two engines) never share a user.
 */
export function uniqueEmail(label: string): string {
  counter += 1
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`
}
