import { FileCatalogSource } from '@reviews/adapters-persistence';
import type * as Application from '@reviews/application';
import type * as Domain from '@reviews/domain';
import type { CatalogDocument } from '@reviews/domain';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH_PROFILE } from './bench-profile.js';
import { generatedCatalog } from './generated-catalog.js';
import { median } from './percentiles.js';
import { sampleQueries } from './query-sampler.js';

/** What this bench needs of a build (this one's, or `--compare DIR`'s). */
interface Build {
  readonly application: typeof Application;
  readonly domain: typeof Domain;
}

/** One search as a variant runs it: the sampled query plus the variant's own options. */
type Search = (query: { q: string; category?: string }) => unknown;

interface RefinementsBenchOptions {
  readonly tools: number;
  readonly seed: number;
  readonly catalog: string | undefined;
  readonly queries: number;
  readonly rounds: number;
  /** Another checkout (built), whose plain search runs beside this one's. */
  readonly compare: string | undefined;
}

async function buildAt(root: string): Promise<Build> {
  const at = (path: string) => pathToFileURL(resolve(root, path)).href;
  return {
    application: (await import(at('packages/application/dist/index.js'))) as Build['application'],
    domain: (await import(at('packages/domain/dist/index.js'))) as Build['domain'],
  };
}

/** A `SearchTools` over its own publication of `document`, so no variant shares result lists. */
function searchToolsOf(build: Build, fingerprint: string, document: CatalogDocument) {
  const live = new build.application.LivePublication();
  live.replace(build.domain.Publication.publish(fingerprint, document));
  return new build.application.SearchTools(live, BENCH_PROFILE);
}

/**
 * `pnpm bench refinements`: what facets (`facets=category`), highlights (`highlight=true`) and
 * "did you mean" cost in process, through `SearchTools`. Each variant searches its own
 * publication of the same catalog; every sampled query runs through every variant in turn, the
 * order turning with each query, so that a noisy machine weighs on all of them alike. Prints
 * searches per second per variant (median of the rounds) and against the plain search, then the
 * latency of searches that find nothing (where suggestions are computed). With `--compare DIR`,
 * DIR's build searches plainly beside them: the cost of this build without the parameters.
 */
export async function refinementsBench(options: RefinementsBenchOptions): Promise<void> {
  const file = options.catalog ?? (await generatedCatalog(options.tools, options.seed)).file;
  const { document, fingerprint } = await new FileCatalogSource(file).load();
  const ours = await buildAt(new URL('../../../', import.meta.url).pathname);
  const plain = searchToolsOf(ours, fingerprint, document);
  const faceted = searchToolsOf(ours, fingerprint, document);
  const highlighted = searchToolsOf(ours, fingerprint, document);
  const variants = new Map<string, Search>([
    ['plain', (query) => plain.execute(query)],
    ['facets', (query) => faceted.execute({ ...query, facets: ['category'] })],
    ['highlight', (query) => highlighted.execute({ ...query, highlight: true })],
  ]);
  if (options.compare !== undefined) {
    const other = searchToolsOf(await buildAt(options.compare), fingerprint, document);
    variants.set(`plain (${options.compare})`, (query) => other.execute(query));
  }
  const publication = ours.domain.Publication.publish(fingerprint, document);
  const queries = sampleQueries(publication, options.queries, options.seed);
  console.log(
    `catalog ${file}: ${document.tools.length} tools; ${queries.length} sampled queries (seed ${options.seed}), ${options.rounds} rounds`,
  );

  const names = [...variants.keys()];
  const rates = new Map(names.map((name) => [name, [] as number[]]));
  for (let round = 0; round < options.rounds; round++) {
    const spent = new Map(names.map((name) => [name, 0]));
    queries.forEach((query, i) => {
      for (let k = 0; k < names.length; k++) {
        const name = names[(i + k + round) % names.length] as string;
        const started = performance.now();
        variants.get(name)?.(query);
        spent.set(name, (spent.get(name) ?? 0) + performance.now() - started);
      }
    });
    for (const name of names)
      rates.get(name)?.push(queries.length / ((spent.get(name) ?? 1) / 1000));
  }
  const base = median(rates.get('plain') ?? []);
  for (const name of names) {
    const rate = median(rates.get(name) ?? []);
    const change = ((rate / base - 1) * 100).toFixed(1);
    console.log(
      `${name.padEnd(24)} ${rate.toFixed(0).padStart(6)} searches/s (median)  ${change.padStart(6)} % vs plain   rounds: ${(rates.get(name) ?? []).map((r) => r.toFixed(0)).join(' ')}`,
    );
  }

  // Searches that find nothing: each query with its last two letters swapped.
  const fresh = searchToolsOf(ours, fingerprint, document);
  const empty: number[] = [];
  let suggested = 0;
  for (const query of queries) {
    const q = query.q.replace(/(\p{L})(\p{L})$/u, '$2$1');
    const started = performance.now();
    const result = fresh.execute({ ...query, q });
    const ms = performance.now() - started;
    if (!result.ok || result.value.suggestions === undefined) continue;
    empty.push(ms);
    if (result.value.suggestions.length > 0) suggested++;
  }
  empty.sort((a, b) => a - b);
  const at = (p: number) =>
    (empty[Math.min(empty.length - 1, Math.floor(empty.length * p))] ?? 0).toFixed(2);
  console.log(
    `found nothing (last two letters swapped): ${empty.length} searches, ${suggested} with suggestions; p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
  );
}
