import { Document } from 'flexsearch';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The reference of `pnpm bench varied`, run as its own process:
 * `node flexsearch-server.js <catalog.json>`. What a Node developer would build instead of the
 * service, in an afternoon: the catalog file parsed, a FlexSearch 0.8 Document index (forward
 * tokenizer, so prefixes match) over the same searched texts, and a bare `node:http` handler for
 * `GET /api/v1/tools?q=&category=` that answers the first 10 matches as JSON. A keyword may match
 * in any field, and every keyword must match (AND across fields). No excerpts, notices, limits,
 * ETags or compression.
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

const [file] = process.argv.slice(2);
const tools = (JSON.parse(readFileSync(file!, 'utf8')) as { tools: CatalogTool[] }).tools;
const index = new Document({
  tokenize: 'forward',
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
function matching(keyword: string): number[] {
  const found = new Set<number>();
  const perField = index.search(keyword, { index: [...FIELDS], limit: tools.length }) as Array<{
    field: string;
    result: number[];
  }>;
  for (const field of FIELDS)
    for (const ordinal of perField.find((r) => r.field === field)?.result ?? []) found.add(ordinal);
  return [...found];
}

function search(q: string, category: string | null): { total: number; items: unknown[] } {
  const keywords = [
    ...new Set(
      q
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    ),
  ];
  const sets = keywords.map(matching).sort((a, b) => a.length - b.length);
  let kept = sets[0] ?? [];
  for (let i = 1; i < sets.length && kept.length > 0; i++) {
    const other = new Set(sets[i]);
    kept = kept.filter((ordinal) => other.has(ordinal));
  }
  if (category !== null) kept = kept.filter((ordinal) => tools[ordinal]!.category === category);
  const items = kept.slice(0, PAGE).map((ordinal) => {
    const { id, name, description, website, category } = tools[ordinal]!;
    return { id, name, description, website, category };
  });
  return { total: kept.length, items };
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
