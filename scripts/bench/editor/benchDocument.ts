/**
 * A technical note of a given size for the editor bench: prose, lists, a table, and fenced
 * TypeScript and Bash, repeated in numbered sections until the text reaches `bytes` (UTF-8,
 * as the database counts). Deterministic, so runs compare.
 */
const SECTION = (n: number) => `## Section ${n}: syncing notes between devices

Every device keeps its own copy of the text and saves it after a short pause. When two
devices change the same note, the **later** save names the version it was based on, and the
database refuses it if that version is gone. Links such as [the docs](https://folio.example/docs)
and \`inline code\` appear in most paragraphs; so do *emphasis* and ~~strikethrough~~.

- Save after a pause of 800 ms
- Keep unsaved text on the device
- Ask before replacing anything

| step | where | cost |
| --- | --- | --- |
| parse | worker | ${n % 7} ms |
| render | worker | ${n % 5} ms |

\`\`\`ts
export async function save${n}(id: string, body: string, version: number): Promise<boolean> {
  const { data, error } = await supabase
    .from('documents')
    .update({ body, version: version + 1 })
    .eq('id', id)
    .eq('version', version)
    .select('version')
  if (error) throw new Error(\`save failed: \${error.message}\`)
  return data.length === 1
}
\`\`\`

\`\`\`bash
#!/usr/bin/env bash
set -euo pipefail
for file in notes/*.md; do
  echo "checking $file (${n})"
  grep -c '^#' "$file" || true
done
\`\`\`

`

export function benchDocument(bytes: number): string {
  let text = '# Editor bench\n\nA long note, as people really write them.\n\n'
  for (let n = 1; text.length < bytes; n += 1) text += SECTION(n)
  return text.slice(0, bytes)
}
