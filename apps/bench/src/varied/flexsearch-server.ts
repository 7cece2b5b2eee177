import { Document } from 'flexsearch';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The reference of `pnpm bench varied`, run as its own process:
 * `node flexsearch-server.js <catalog.json>`. The strongest plain implementation a Node
 * developer would build instead of the service: the catalog file parsed, a FlexSearch 0.8
 * Document index (forward tokenizer, so prefixes match; a plain encoder that only folds accents
 * and case, as the service does) over the same searched texts, and a bare `node:http` handler for
 * `GET /api/v1/tools?q=&category=` that answers the first 10 matches as JSON. A keyword may match
 * in any field, and every keyword must match (AND across fields): the keywords' match lists are
 * intersected smallest first, walking the smallest in FlexSearch's own order and stopping at the
 * page, so no work goes into matches or a total the answer does not hold (the service's answer
 * has no total either). No excerpts, notices, limits, ETags or compression.
 */

interface CatalogTool {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly category: string | null;
  readonly website: string;
  readonly stacks?: { readonly tags?: ReadonlyArray<{ readonly label: string }> };
  readonly reviews: ReadonlyArray<{ readonly likes: string; readonly dislikes: string }>;
}

const FIELDS = ['name', 'metadata', 'reviews'] as const;
const PAGE = 10;

/** Folds accents and case, nothing more, and splits on what is neither letter nor digit. */
function encode(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const [file] = process.argv.slice(2);
const tools = (JSON.parse(readFileSync(file!, 'utf8')) as { tools: CatalogTool[] }).tools;
const index = new Document({
  tokenize: 'forward',
  encode,
  document: { id: 'ordinal', index: [...FIELDS] },
});
tools.forEach((tool, ordinal) => {
  index.add({
    ordinal,
    name: tool.name,
    metadata: [
      tool.description,
      tool.category ?? '',
      ...(tool.stacks?.tags ?? []).map((t) => t.label),
    ].join('\n'),
    reviews: tool.reviews.map((r) => `${r.likes}\n${r.dislikes}`).join('\n'),
  });
});

/** Ordinals matching one keyword in any field, name matches first. */
/**
 * Ordinals matching one keyword in any field, name matches first; at most `limit` per field
 * (FlexSearch stops there), all of them by default.
 */
function matching(keyword: string, limit = tools.length): number[] {
  const found = new Set<number>();
  const perField = index.search(keyword, { index: [...FIELDS], limit }) as Array<{
    field: string;
    result: number[];
  }>;
  for (const field of FIELDS)
    for (const ordinal of perField.find((r) => r.field === field)?.result ?? []) found.add(ordinal);
  return [...found];
}

function search(q: string, category: string | null): { items: unknown[] } {
  const keywords = [...new Set(encode(q))];
  if (keywords.length === 0) return { items: [] };
  // One keyword and no category: the page is the first matches, which FlexSearch stops at.
  const lists =
    keywords.length === 1 && category === null
      ? [matching(keywords[0]!, PAGE)]
      : keywords.map((keyword) => matching(keyword)).sort((a, b) => a.length - b.length);
  const [smallest, ...others] = lists;
  const inOthers = others.map((ordinals) => new Set(ordinals));
  const items: unknown[] = [];
  for (const ordinal of smallest ?? []) {
    const tool = tools[ordinal]!;
    if (category !== null && tool.category !== category) continue;
    if (!inOthers.every((set) => set.has(ordinal))) continue;
    const { id, name, description, website } = tool;
    items.push({ id, name, description, website, category: tool.category });
    if (items.length === PAGE) break;
  }
  return { items };
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://reference');
  const q = url.searchParams.get('q');
  if (url.pathname !== '/api/v1/tools' || q === null) {
    res.writeHead(404).end();
    return;
  }
  const body = JSON.stringify(search(q, url.searchParams.get('category')));
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ msg: 'listening', url: `http://127.0.0.1:${port}` }));
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
