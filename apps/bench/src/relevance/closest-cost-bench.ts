import { FileCatalogSource } from '@reviews/adapters-persistence';
import { LivePublication, SearchTools } from '@reviews/application';
import {
  MAX_KEYWORDS,
  parseSearchQuery,
  Publication,
  type PublicationSnapshot,
} from '@reviews/domain';
import { BENCH_PROFILE } from '../bench-profile.js';
import { generatedCatalog } from '../generated-catalog.js';
import { sampleQueries } from '../query-sampler.js';

/** A word no catalog holds: it matches nothing, so no tool can match every keyword. */
const NOTHING = 'qqxqqzzq';
/** Prefixes checked for the heaviest keywords: the longest that still has no shortcut of its own. */
const CANDIDATE_LENGTHS = [1, 2, 3, 4, 5, 6];
/** The heaviest candidates by raw postings, measured as searched (shortcuts change their cost). */
const MEASURED_CANDIDATES = 300;

/** Postings of every prefix of the index's terms, up to `CANDIDATE_LENGTHS`, heaviest first. */
function heaviestPrefixes(snapshot: PublicationSnapshot): string[] {
  const { terms, offsets } = snapshot.index;
  const postings = new Map<string, number>();
  terms.forEach((term, i) => {
    const count = (offsets[i + 1] as number) - (offsets[i] as number);
    for (const length of CANDIDATE_LENGTHS) {
      if (term.length < length) break;
      const prefix = term.slice(0, length);
      postings.set(prefix, (postings.get(prefix) ?? 0) + count);
    }
  });
  return [...postings.entries()]
    .sort(([, a], [, b]) => b - a)
    .slice(0, MEASURED_CANDIDATES)
    .map(([prefix]) => prefix);
}

/** A full collection before each timed call, so that none of the fresh indexes' garbage lands in it. */
const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

/**
 * The process's CPU time `run` took, in ms: on a shared machine a thread waiting for a core
 * inflates wall time, not this.
 */
function cpuMs(run: () => unknown): number {
  const before = process.cpuUsage();
  run();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/**
 * `pnpm bench closest-cost`: at a large generated catalog, the costliest 12-keyword search that
 * no tool matches in full (so its closest tools are computed: a union over the keywords), against
 * ordinary searches, both through `SearchTools` as REST and MCP call it. Every round runs on a
 * fresh index over the same parts, so no result, suggestion or closest list is reused.
 */
export async function closestCostBench(options: {
  tools: number;
  rounds: number;
  seed: number;
}): Promise<void> {
  const source = await generatedCatalog(options.tools, options.seed);
  const loaded = await new FileCatalogSource(source.file).load();
  const snapshot = Publication.publish(loaded.fingerprint, loaded.document).snapshot();
  const fresh = (): Publication => Publication.fromSnapshot(snapshot);

  // The keywords whose postings cost most to read as the engine reads them (one at a time).
  const probe = fresh();
  const weighed = heaviestPrefixes(snapshot).map((keyword) => ({
    keyword,
    postings: probe.closest({ keywords: [keyword] }, 1).postingsRead,
  }));
  weighed.sort((a, b) => b.postings - a.postings);
  const heaviest = weighed.slice(0, MAX_KEYWORDS).map(({ keyword }) => keyword);
  const allHeavy = probe.search({ keywords: heaviest }).total === 0;
  const worst = allHeavy ? heaviest : [...heaviest.slice(0, MAX_KEYWORDS - 1), NOTHING];
  const ordinary = sampleQueries(probe, 200, options.seed).filter((query) => query.q !== undefined);

  console.log(`catalog   ${source.file}`);
  console.log(`tools     ${snapshot.tools.length}`);
  console.log(
    `worst     "${worst.join(' ')}"${allHeavy ? '' : ` (the ${MAX_KEYWORDS - 1} heaviest keywords and one that matches nothing)`}`,
  );

  const worstPostings = probe.closest({ keywords: worst }, 10).postingsRead;
  const worstTimes: number[] = [];
  const closestTimes: number[] = [];
  const ordinaryTimes: number[] = [];
  let ordinaryPostings = 0;
  for (let round = 0; round < options.rounds; round++) {
    const publication = fresh();
    const live = new LivePublication();
    live.replace(publication);
    const searchTools = new SearchTools(live, BENCH_PROFILE);
    const alone = fresh();
    gc();
    let answer: ReturnType<SearchTools['execute']> | undefined;
    worstTimes.push(cpuMs(() => (answer = searchTools.execute({ q: worst.join(' ') }))));
    if (answer?.ok !== true || answer.value.items.length > 0)
      throw new Error('the worst query matched');
    gc();
    closestTimes.push(cpuMs(() => alone.closest({ keywords: worst }, 10)));
    const query = ordinary[round % ordinary.length]!;
    gc();
    ordinaryTimes.push(cpuMs(() => searchTools.execute(query)));
    // The postings of its keywords' runs: what matching reads when it scans them all.
    const keywords = parseSearchQuery(query.q);
    if (keywords.ok)
      ordinaryPostings += alone.closest({ keywords: keywords.value }, 1).postingsRead;
  }
  const worstMs = median(worstTimes);
  const ordinaryMs = median(ordinaryTimes);
  console.log(
    `rounds    ${options.rounds}, each on a fresh index (no cached answer), a full collection before each timed call, CPU time of the process`,
  );
  console.log(
    `worst no-full-match search   ${worstMs.toFixed(2)} ms CPU median (SearchTools: items, suggestions, closest tools)`,
  );
  console.log(
    `  its closest tools alone    ${median(closestTimes).toFixed(2)} ms CPU median, ${worstPostings} postings read`,
  );
  console.log(
    `ordinary search              ${ordinaryMs.toFixed(2)} ms CPU median (sampled queries), their keywords' runs hold ${Math.round(ordinaryPostings / options.rounds)} postings on average`,
  );
  console.log(
    `ratio                        ${(worstMs / ordinaryMs).toFixed(1)}× the CPU time, ${(worstPostings / (ordinaryPostings / options.rounds)).toFixed(0)}× the postings`,
  );
}
