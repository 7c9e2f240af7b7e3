/**
 * `npm run size`: checks every prerendered page's first-load JavaScript and its HTML + CSS
 * (gzip) against their budgets, and that public pages ship none of the heavy, signed-in-only
 * packages. Exits 1 when a budget is exceeded. Run after `npm run build`. `--route` lists what
 * one page loads first, file by file, to find where room can be made.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { readCommandLine } from '../cliFlags.ts'
import {
  EDITOR_BUDGET,
  KB,
  PREVIEW_WORKER_BUDGET,
  budgetFor,
  pageWeightBudgetFor,
} from './budgets.ts'
import { editorLoad, type EditorLoad } from './editorLoad.ts'
import {
  firstLoadScripts,
  forbiddenAmong,
  gzipSize,
  htmlFiles,
  readChunkPackages,
  routeOfHtmlFile,
} from './firstLoad.ts'
import { pageWeight } from './pageWeight.ts'
import { previewWorkerLoad, type WorkerLoad } from './workerLoad.ts'

export interface RouteReport {
  route: string
  /** First-load JavaScript. */
  gzipBytes: number
  /** Each first-load script and its gzip size, in the order the page names them. */
  scripts: { src: string; gzipBytes: number }[]
  budgetBytes: number
  forbidden: string[]
  /** The page's HTML and the stylesheets it links. */
  pageGzipBytes: number
  pageBudgetBytes: number
}

/** What is wrong with a route, in words; empty when it is within every budget. */
export function problemsOf(report: RouteReport): string[] {
  const problems: string[] = []
  if (report.gzipBytes > report.budgetBytes) problems.push('JavaScript over budget')
  if (report.pageGzipBytes > report.pageBudgetBytes) problems.push('HTML + CSS over budget')
  if (report.forbidden.length > 0) problems.push(`ships ${report.forbidden.join(', ')}`)
  return problems
}

/** What is wrong with a chunk's load against its budget, in words; empty when within it. */
function loadProblemsOf(
  load: { gzipBytes: number; packages: Iterable<string> },
  budget: { maxGzipBytes: number; forbiddenPackages: string[] },
  verb: string,
): string[] {
  const problems: string[] = []
  if (load.gzipBytes > budget.maxGzipBytes) problems.push('JavaScript over budget')
  const forbidden = forbiddenAmong(load.packages, budget.forbiddenPackages)
  if (forbidden.length > 0) problems.push(`${verb} ${forbidden.join(', ')}`)
  return problems
}

/** What is wrong with opening a note, in words; empty when it is within its budget. */
export const editorProblemsOf = (load: EditorLoad, budget = EDITOR_BUDGET): string[] =>
  loadProblemsOf(load, budget, 'loads')

/** What is wrong with the preview worker's chunk, in words; empty when it is within its budget. */
export const workerProblemsOf = (load: WorkerLoad, budget = PREVIEW_WORKER_BUDGET): string[] =>
  loadProblemsOf(load, budget, 'holds')

export async function measureRoutes(distDir: string): Promise<RouteReport[]> {
  const chunkPackages = await readChunkPackages(distDir)
  const reports: RouteReport[] = []
  for (const file of await htmlFiles(distDir)) {
    const route = routeOfHtmlFile(distDir, file)
    const scripts = firstLoadScripts(await readFile(file, 'utf8'))
    const budget = budgetFor(route)
    let gzipBytes = 0
    const sizes: RouteReport['scripts'] = []
    const forbidden = new Set<string>()
    for (const src of scripts) {
      const size = await gzipSize(join(distDir, src))
      sizes.push({ src, gzipBytes: size })
      gzipBytes += size
      for (const name of forbiddenAmong(
        chunkPackages[src.replace(/^\//, '')] ?? [],
        budget.forbiddenPackages,
      ))
        forbidden.add(name)
    }
    reports.push({
      route,
      gzipBytes,
      scripts: sizes,
      budgetBytes: budget.maxGzipBytes,
      forbidden: [...forbidden],
      pageGzipBytes: (await pageWeight(distDir, relative(distDir, file))).gzipBytes,
      pageBudgetBytes: pageWeightBudgetFor(route).maxGzipBytes,
    })
  }
  return reports.sort((a, b) => a.route.localeCompare(b.route))
}

function formatKb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`
}

/** One route's first-load scripts, largest first, and what is left of its budget. */
function printRoute(report: RouteReport): void {
  console.log(`${report.route}: first-load JavaScript (gzip)`)
  for (const script of [...report.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes))
    console.log(`  ${formatKb(script.gzipBytes).padStart(9)}  ${script.src}`)
  const room = report.budgetBytes - report.gzipBytes
  console.log(
    `  ${formatKb(report.gzipBytes).padStart(9)}  in all, budget ${formatKb(report.budgetBytes)}: ${room >= 0 ? `${room} B of room` : `${-room} B over`}`,
  )
}

async function main(): Promise<void> {
  const values = readCommandLine({
    usage: `Usage: npm run size -- [flags]     (after npm run build)
  --dir <folder>      the built site (default dist)
  --route <path>      list one page's first-load scripts with their sizes, e.g. --route /login`,
    options: {
      dir: { type: 'string', default: 'dist' },
      route: { type: 'string' },
    },
  })
  const distDir = values.dir
  if (!existsSync(join(distDir, '.vite'))) {
    console.error(`${distDir}/ holds no build to measure: run npm run build first.`)
    process.exit(1)
  }
  const reports = await measureRoutes(distDir)
  if (values.route !== undefined) {
    const report = reports.find((candidate) => candidate.route === values.route)
    if (!report) {
      console.error(
        `${values.route} is not a page of this build. Pages: ${reports.map((r) => r.route).join(', ')}`,
      )
      process.exit(1)
    }
    printRoute(report)
    return
  }
  let failures = 0
  // As wide as the longest route: post slugs run long.
  const routeColumn = Math.max(40, ...reports.map((report) => report.route.length + 2))
  console.log(
    'route'.padEnd(routeColumn),
    'first-load JS (gzip)'.padStart(22),
    'budget'.padStart(10),
    'HTML + CSS (gzip)'.padStart(19),
    'budget'.padStart(10),
  )
  for (const report of reports) {
    const problems = problemsOf(report)
    if (problems.length > 0) failures += 1
    console.log(
      report.route.padEnd(routeColumn),
      formatKb(report.gzipBytes).padStart(22),
      formatKb(report.budgetBytes).padStart(10),
      formatKb(report.pageGzipBytes).padStart(19),
      formatKb(report.pageBudgetBytes).padStart(10),
      problems.length > 0 ? `  ✗ ${problems.join('; ')}` : '  ✓',
    )
  }
  const editor = await editorLoad(distDir)
  const editorProblems = editorProblemsOf(editor)
  console.log(
    `\nOpening a note adds ${formatKb(editor.gzipBytes)} gzip to the dashboard (budget ${formatKb(EDITOR_BUDGET.maxGzipBytes)}), ${editor.files.length} files${editorProblems.length > 0 ? `  ✗ ${editorProblems.join('; ')}` : '  ✓'}`,
  )
  const worker = await previewWorkerLoad(distDir)
  const workerProblems = workerProblemsOf(worker)
  console.log(
    `The preview worker loads ${formatKb(worker.gzipBytes)} gzip with every note (budget ${formatKb(PREVIEW_WORKER_BUDGET.maxGzipBytes)})${workerProblems.length > 0 ? `  ✗ ${workerProblems.join('; ')}` : '  ✓'}`,
  )
  if (failures > 0 || editorProblems.length > 0 || workerProblems.length > 0) {
    if (failures > 0) console.error(`\n${failures} route(s) exceed their budgets.`)
    if (editorProblems.length > 0) console.error('\nOpening a note exceeds its budget.')
    if (workerProblems.length > 0) console.error('\nThe preview worker exceeds its budget.')
    process.exitCode = 1
  } else {
    console.log(
      `\nAll ${reports.length} routes, the editor and the preview worker are within budget.`,
    )
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
