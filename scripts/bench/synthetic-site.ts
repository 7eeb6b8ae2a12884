/** Generates a synthetic site of N pages (prose, tables, 10 code blocks a page in mixed languages) to show how the build scales. */
import { mkdir, writeFile, cp } from 'node:fs/promises';
import { join } from 'node:path';

const LANGS: [string, string][] = [
  ['questdb-sql', 'SELECT symbol, avg(price) AS avg_price\nFROM trades\nWHERE timestamp IN today()\nSAMPLE BY 15m ALIGN TO CALENDAR;'],
  ['python', 'from questdb.ingress import Sender, TimestampNanos\n\nwith Sender.from_conf("http::addr=localhost:9000;") as sender:\n    sender.row("trades", symbols={"symbol": "ETH-USD"}, columns={"price": 2615.54}, at=TimestampNanos.now())\n    sender.flush()'],
  ['java', 'try (Sender sender = Sender.fromConfig("http::addr=localhost:9000;")) {\n    sender.table("trades").symbol("symbol", "ETH-USD").doubleColumn("price", 2615.54).atNow();\n}'],
  ['go', 'sender, err := qdb.LineSenderFromConf(ctx, "http::addr=localhost:9000;")\nif err != nil {\n\tlog.Fatal(err)\n}\ndefer sender.Close(ctx)'],
  ['rust', 'let mut sender = Sender::from_conf("http::addr=localhost:9000;")?;\nlet mut buffer = Buffer::new();\nbuffer.table("trades")?.symbol("symbol", "ETH-USD")?.column_f64("price", 2615.54)?.at_now()?;\nsender.flush(&mut buffer)?;'],
  ['bash', 'curl -G --data-urlencode "query=SELECT * FROM trades LIMIT 10" http://localhost:9000/exec'],
  ['json', '{\n  "query": "SELECT 1",\n  "columns": [{ "name": "1", "type": "INT" }],\n  "dataset": [[1]],\n  "count": 1\n}'],
  ['yaml', 'services:\n  questdb:\n    image: questdb/questdb:8.3.3\n    ports:\n      - "9000:9000"\n      - "8812:8812"'],
  ['javascript', 'const sender = Sender.fromConfig("http::addr=localhost:9000");\nawait sender.table("trades").symbol("symbol", "ETH-USD").floatColumn("price", 2615.54).atNow();\nawait sender.close();'],
  ['c', 'line_sender_error* err = NULL;\nline_sender* sender = line_sender_from_conf(line_sender_utf8_assert(strlen(conf), conf), &err);\nif (!sender) { fprintf(stderr, "Got error\\n"); return 1; }'],
];

function page(i: number, total: number): string {
  const next = (i + 1) % total;
  const sections = [1, 2, 3, 4, 5]
    .map(
      (s) => `## Section ${s} of page ${i}

Time-series data arrives in order most of the time, and the engine appends it to the newest partition. Page ${i} describes part ${s} of a synthetic topic, with a [link to the next page](../s${Math.floor(next / 50)}/p${next}.md) and a [link to a heading](#section-${s}-of-page-${i}).

### Details ${s}

- First point about section ${s}, with \`inline code\` and **bold text**.
- Second point, with a longer sentence that wraps over more than one line on a narrow screen.

| Column | Type | Meaning |
|---|---|---|
| symbol | SYMBOL | The instrument |
| price | DOUBLE | Trade price |
| amount | DOUBLE | Trade size |

${[0, 1].map((k) => { const [lang, code] = LANGS[(s * 2 + k + i) % LANGS.length]!; return '```' + lang + '\n' + code + '\n```'; }).join('\n\n')}
`,
    )
    .join('\n');
  return `---\ntitle: Synthetic page ${i}\ndescription: A generated page for measuring build speed.\n---\n\nThis page is generated. :::note is not an admonition here.\n\n:::tip\nA tip on page ${i}.\n:::\n\n${sections}`;
}

/** Writes a site of `n` pages under `dir` (content/docs/s{g}/p{i}.md, a sidebar, the data files). */
export async function writeSyntheticSite(dir: string, n: number, repoRoot: string): Promise<void> {
  await mkdir(join(dir, 'content/docs'), { recursive: true });
  await cp(join(repoRoot, 'content/data'), join(dir, 'content/data'), { recursive: true });
  const groups = new Map<number, string[]>();
  await writeFile(join(dir, 'content/docs/introduction.md'), '---\ntitle: Synthetic home\ndescription: Home of the synthetic site.\nslug: /\n---\n\nHello.\n');
  for (let i = 0; i < n; i++) {
    const g = Math.floor(i / 50);
    await mkdir(join(dir, `content/docs/s${g}`), { recursive: true });
    await writeFile(join(dir, `content/docs/s${g}/p${i}.md`), page(i, n));
    groups.set(g, [...(groups.get(g) ?? []), `s${g}/p${i}`]);
  }
  const sidebar = ['introduction', ...[...groups].map(([g, ids]) => ({ type: 'category', label: `Group ${g}`, items: ids }))];
  await writeFile(join(dir, 'content/sidebars.ts'), `export default ${JSON.stringify({ docs: sidebar })};\n`);
}

/**
 * Writes a site whose one big page shows how time and memory grow with a page's size:
 * 'prose' repeats synthetic page sections up to about `megabytes` MB; 'table' is one table
 * of `rows` rows.
 */
export async function writeBigPageSite(dir: string, kind: { readonly prose: number } | { readonly table: number }, repoRoot: string): Promise<void> {
  await mkdir(join(dir, 'content/docs'), { recursive: true });
  await cp(join(repoRoot, 'content/data'), join(dir, 'content/data'), { recursive: true });
  await writeFile(join(dir, 'content/docs/introduction.md'), '---\ntitle: Synthetic home\ndescription: Home of the synthetic site.\nslug: /\n---\n\nHello.\n');
  let body: string;
  if ('prose' in kind) {
    const parts: string[] = [];
    let size = 0;
    for (let i = 0; size < kind.prose * 1024 * 1024; i++) {
      const part = page(i, 1_000_000).replace(/^---[\s\S]*?---\n/, '').replace(/\.\.\/s\d+\/p\d+\.md/g, 'introduction.md').replace(/of page (\d+)/g, 'of part $1').replace(/-of-page-(\d+)/g, '-of-part-$1').replace(/### Details (\d+)/g, `### Details $1 of part ${i}`);
      parts.push(part);
      size += part.length;
    }
    body = parts.join('\n');
  } else {
    const rows = Array.from({ length: kind.table }, (_, i) => `| ${i} | SYM${i % 50} | ${(i * 1.5).toFixed(2)} | row \`${i}\` of the table |`);
    body = `## Rows\n\n| id | symbol | price | note |\n|---|---|---|---|\n${rows.join('\n')}\n`;
  }
  await writeFile(join(dir, 'content/docs/big.md'), `---\ntitle: Big page\ndescription: One very large generated page.\n---\n\n${body}`);
  await writeFile(join(dir, 'content/sidebars.ts'), `export default ${JSON.stringify({ docs: ['introduction', 'big'] })};\n`);
}
