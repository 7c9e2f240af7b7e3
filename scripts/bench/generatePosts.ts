/**
 * Realistic posts for the build benchmark: ~800 words of prose, headings, a list, a table and
 * two 15-line code blocks (TypeScript and Bash). Each post's code differs, so no cache or memo
 * can skip the highlighting work a real site would do.
 */
const WORDS =
  'markdown notes code editor preview render highlight sync account workspace document team ' +
  'release deploy server client cache build page route token session policy database query ' +
  'index table column schema migration function handler request response error retry backoff'

function prose(seed: number, count: number): string {
  const words = WORDS.split(' ')
  const out: string[] = []
  for (let i = 0; i < count; i += 1) {
    const word = words[(seed * 7 + i * 13) % words.length] as string
    out.push(i % 12 === 0 ? word[0]!.toUpperCase() + word.slice(1) : word)
    if (i % 12 === 11) out[out.length - 1] += '.'
  }
  return `${out.join(' ')}.`
}

function typescriptBlock(n: number): string {
  return `\`\`\`ts
interface Job${n} {
  id: string
  attempts: number
  runAt: Date
}

export async function runJob${n}(job: Job${n}, limit = ${(n % 7) + 3}): Promise<boolean> {
  for (let attempt = job.attempts; attempt < limit; attempt += 1) {
    const ok = await fetch(\`/api/jobs/\${job.id}\`, { method: 'POST' }).then((r) => r.ok)
    if (ok) return true
    await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * ${(n % 5) + 1}00))
  }
  console.warn('job ${n} gave up after', limit, 'attempts')
  return false
}
\`\`\``
}

function bashBlock(n: number): string {
  return `\`\`\`bash
#!/usr/bin/env bash
set -euo pipefail
# Deploy number ${n}
BUILD_DIR="dist-${n}"
npm ci --no-audit
npm run build -- --outDir "$BUILD_DIR"
for file in "$BUILD_DIR"/assets/*.js; do
  gzip -9 -k "$file"
done
if [ -n "\${BUCKET:-}" ]; then
  aws s3 sync "$BUILD_DIR" "s3://$BUCKET/" --delete
fi
echo "deployed ${n} at $(date -u +%FT%TZ)"
du -sh "$BUILD_DIR"
exit 0
\`\`\``
}

/** The frontmatter every generated post starts with: post `n` is dated `n` days after 2020-01-01. */
function frontmatter(n: number, title: string, description: string, tag: string): string {
  const date = new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10)
  return `---
title: ${title}
description: ${description}
date: ${date}
tags: [bench, ${tag}]
author: Bench Writer
---`
}

export function benchPost(n: number): string {
  return `${frontmatter(n, `Benchmark post number ${n}`, `A generated post for the build benchmark, number ${n}.`, 'engineering')}

${prose(n, 180)}

## Why it matters

${prose(n + 1, 160)}

- ${prose(n + 2, 12)}
- ${prose(n + 3, 12)}
- ${prose(n + 4, 12)}

${typescriptBlock(n)}

## Numbers

| Metric | Before | After |
| --- | --- | --- |
| Build time | ${(n % 90) + 10} s | ${(n % 9) + 1} s |
| Memory | ${(n % 500) + 300} MB | ${(n % 200) + 100} MB |
| Pages | ${n} | ${n} |

${prose(n + 5, 170)}

### Shipping it

${bashBlock(n)}

${prose(n + 6, 170)}
`
}

function codeBlock(language: string, n: number, lines: number): string {
  const body: Record<string, (i: number) => string> = {
    python: (i) => `    total_${i} = sum(x * ${i + n} for x in range(${(n % 9) + i}))  # step ${i}`,
    rust: (i) => `    let v${i}: Vec<u32> = (0..${(n % 50) + i}).map(|x| x * ${i}).collect();`,
    go: (i) =>
      `\tif err := step${i}(ctx, "${n}-${i}"); err != nil { return fmt.Errorf("step ${i}: %w", err) }`,
    sql: (i) =>
      `  select id, count(*) as c${i} from events_${n % 7} where kind = 'k${i}' group by id`,
    json: (i) =>
      `  "key_${i}": { "value": ${n * i}, "enabled": ${i % 2 === 0}, "label": "item ${i}" },`,
    css: (i) =>
      `.card-${n}-${i} { margin: ${i}px ${n % 16}px; color: rgb(${i * 10} 20 ${n % 255}); }`,
  }
  const line = body[language] as (i: number) => string
  return ['```' + language, ...Array.from({ length: lines }, (_, i) => line(i)), '```'].join('\n')
}

/** Many short blocks in six other languages: grammar loading and tokenising dominate. */
export function codeHeavyPost(n: number): string {
  const languages = ['python', 'rust', 'go', 'sql', 'json', 'css']
  return `${frontmatter(n, `Code-heavy post number ${n}`, `A generated post with many code blocks, number ${n}.`, 'code')}

${prose(n, 60)}

${languages.map((language, i) => `## Part ${i + 1}\n\n${prose(n + i, 30)}\n\n${codeBlock(language, n + i, 8 + ((n + i) % 20))}`).join('\n\n')}
`
}

/** Long prose with tables, nested lists and quotes, and no code: the parser's share. */
export function prosePost(n: number): string {
  const table = (seed: number) =>
    [
      '| Name | Owner | Size | Notes |',
      '| --- | --- | ---: | --- |',
      ...Array.from(
        { length: 12 },
        (_, i) =>
          `| row ${seed}-${i} | team ${i % 4} | ${(seed * i) % 997} | ${prose(seed + i, 6)} |`,
      ),
    ].join('\n')
  return `${frontmatter(n, `Long read number ${n}`, `A generated long post without code, number ${n}.`, 'prose')}

${Array.from({ length: 6 }, (_, i) => `## Section ${i + 1}\n\n${prose(n + i, 220)}\n\n> ${prose(n + i + 7, 25)}\n\n- ${prose(n + i, 10)}\n  - ${prose(n + i + 1, 8)}\n  - ${prose(n + i + 2, 8)}\n- ${prose(n + i + 3, 10)}\n\n${i % 2 === 0 ? table(n + i) : ''}`).join('\n\n')}
`
}

/** The post generators `npm run bench -- --kind` chooses from. */
export const POST_KINDS = {
  standard: benchPost,
  'code-heavy': codeHeavyPost,
  prose: prosePost,
} as const
export type PostKind = keyof typeof POST_KINDS
