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
import { sampleQueries, seededRandom } from '../query-sampler.js';

type SearchToolsInput = Parameters<SearchTools['execute']>[0];

/** Prefixes checked for the heaviest keywords: the longest that still has no shortcut of its own. */
const CANDIDATE_LENGTHS = [1, 2, 3, 4, 5, 6];
/** The heaviest candidates by raw postings, measured as searched (shortcuts change their cost). */
const MEASURED_CANDIDATES = 300;
/** Searches before the timed rounds: the JIT's tiers, on searches of every kind. */
const WARM_UP_ROUNDS = 5;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

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

/** Terms held by a few tools: the last keyword of a search whose keywords each match. */
function rareTerms(snapshot: PublicationSnapshot, count: number, seed: number): string[] {
  const { terms, offsets } = snapshot.index;
  const draw = seededRandom(seed);
  const rare: string[] = [];
  for (let tries = 0; rare.length < count && tries < 100 * count; tries++) {
    const i = Math.floor(draw() * terms.length);
    const postings = (offsets[i + 1] as number) - (offsets[i] as number);
    const term = terms[i] as string;
    if (postings >= 2 && postings <= 200 && /^[a-z]{6,}$/.test(term)) rare.push(term);
  }
  return rare;
}

/** A full collection before each timed call, so that none of the earlier garbage lands in it. */
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

/** One kind of search: a new input each round, so that no cached answer serves it. */
interface SearchKind {
  readonly name: string;
  readonly input: (round: number) => SearchToolsInput;
}

/**
 * `pnpm bench closest-cost`: at a generated catalog, what each kind of search costs in CPU time
 * and in units of the `search` bucket (docs/api.md#what-a-search-costs), through `SearchTools`
 * as REST and MCP call it: its plan and charge (`cost`), then its answer (`execute`). One
 * publication, prepared as the server prepares it, asked a new search of each kind every round
 * (nothing cached answers it). Kinds: ordinary sampled searches; the flood's twelve letters;
 * the costliest 12-keyword search that no tool matches in full (the eleven heaviest keywords
 * and one that matches nothing, so that its closest tools read every posting of the eleven);
 * and twelve keywords that each match but never all together (ten heavy ones and two rare ones
 * no tool holds together; the plan learns that only from the matching).
 */
export async function closestCostBench(options: {
  tools: number;
  rounds: number;
  seed: number;
}): Promise<void> {
  const source = await generatedCatalog(options.tools, options.seed);
  const loaded = await new FileCatalogSource(source.file).load();
  const snapshot = Publication.publish(loaded.fingerprint, loaded.document).snapshot();
  const publication = Publication.fromSnapshot(snapshot);
  // As the server does before a publication goes live: what excerpts learn of every review.
  const preparation = publication.preparation({ newestReviews: 20, slice: 10_000 });
  while (preparation.next().done !== true);

  // The keywords whose postings cost most to read as the engine reads them (one at a time).
  const probe = Publication.fromSnapshot(snapshot);
  const weighed = heaviestPrefixes(snapshot).map((keyword) => ({
    keyword,
    postings: probe.closest({ keywords: [keyword] }, 1).postingsRead,
  }));
  weighed.sort((a, b) => b.postings - a.postings);
  const heavy = weighed.slice(0, MAX_KEYWORDS - 1).map(({ keyword }) => keyword);
  const draw = seededRandom(options.seed);
  const nothing = (): string =>
    `q${Array.from({ length: 9 }, () => LETTERS[Math.floor(draw() * 26)]).join('')}`;
  // Two rare words that no tool holds together, with ten of the heavy keywords: every keyword
  // matches, never all twelve.
  const rare = rareTerms(snapshot, 40 * options.rounds, options.seed);
  const splitting: string[][] = [];
  for (let i = 0; i + 1 < rare.length; i += 2) {
    const keywords = [
      ...heavy.slice(0, MAX_KEYWORDS - 2),
      rare[i] as string,
      rare[i + 1] as string,
    ];
    if (new Set(keywords).size === MAX_KEYWORDS && probe.search({ keywords }).total === 0)
      splitting.push(keywords);
  }
  if (splitting.length === 0) throw new Error('no two rare words split the heavy keywords');
  const ordinary = sampleQueries(probe, 10 * options.rounds, options.seed).filter(
    (query) => query.q !== undefined,
  );
  const kinds: SearchKind[] = [
    { name: 'ordinary', input: (round) => ordinary[round % ordinary.length] as SearchToolsInput },
    {
      name: 'letters',
      input: () => ({
        q: [...LETTERS]
          .sort(() => draw() - 0.5)
          .slice(0, 12)
          .join(' '),
        facets: ['category'],
        highlight: true,
        limit: 20,
        cursor: '980',
      }),
    },
    {
      name: 'closest, a word matches nothing',
      input: () => ({ q: [...heavy, nothing()].join(' '), limit: 20 }),
    },
    {
      name: 'closest, each word matches',
      input: (round) => ({
        q: (splitting[round % splitting.length] as string[]).join(' '),
        limit: 20,
      }),
    },
  ];

  console.log(`catalog   ${source.file}`);
  console.log(`tools     ${snapshot.tools.length}`);
  console.log(
    `worst     "${[...heavy, nothing()].join(' ')}" (the ${MAX_KEYWORDS - 1} heaviest keywords and one that matches nothing)`,
  );
  const worstPostings = probe.closest({ keywords: [...heavy, nothing()] }, 10).postingsRead;
  console.log(`          its closest tools read ${worstPostings} postings`);

  const live = new LivePublication();
  live.replace(publication);
  const searchTools = new SearchTools(live, BENCH_PROFILE);
  const perKind = (collect: boolean, offset: number): { times: number[][]; units: number[][] } => {
    const times = kinds.map((): number[] => []);
    const units = kinds.map((): number[] => []);
    for (let round = 0; round < WARM_UP_ROUNDS + options.rounds; round++) {
      for (const [k, kind] of kinds.entries()) {
        const input = kind.input(
          offset + round + (round < WARM_UP_ROUNDS ? options.rounds * 5 : 0),
        );
        let charged = 0;
        if (collect) gc();
        const ms = cpuMs(() => {
          charged = searchTools.cost(input);
          const answer = searchTools.execute(input);
          if (!answer.ok) throw new Error(`refused: ${input.q ?? ''}`);
          if (k >= 2 && answer.value.items.length > 0) throw new Error('a closest search matched');
        });
        if (round < WARM_UP_ROUNDS) continue;
        times[k]?.push(ms);
        units[k]?.push(charged);
      }
    }
    return { times, units };
  };
  const print = ({ times, units }: { times: number[][]; units: number[][] }): void => {
    const perUnit = kinds.map((_, k) => median(times[k] ?? []) / median(units[k] ?? []));
    const base = perUnit[0] as number;
    console.log(
      `kind                               ms CPU (median)   units (median)   ms per unit   per unit / ordinary's`,
    );
    for (const [k, kind] of kinds.entries()) {
      console.log(
        `${kind.name.padEnd(34)} ${median(times[k] ?? [])
          .toFixed(2)
          .padStart(
            14,
          )} ${String(median(units[k] ?? [])).padStart(16)} ${(perUnit[k] as number).toFixed(3).padStart(13)} ${((perUnit[k] as number) / base).toFixed(2).padStart(21)}`,
      );
    }
  };
  console.log(
    `rounds    ${options.rounds} (after ${WARM_UP_ROUNDS} to warm up), a new search of each kind a round on one prepared publication (no cached answer), a full collection before each, CPU time of the process for cost() and execute()`,
  );
  print(perKind(true, 0));
  // A forced collection leaves the sweeping of the whole heap to the collector's threads and to
  // the main thread as it allocates, in the process's CPU time of the call that follows: the
  // longer the call, the more of it lands there. The same rounds without one, as a server runs.
  console.log(
    `rounds    the same, new searches, without a forced collection (collections as they come, as in a server)`,
  );
  print(perKind(false, options.rounds * 2));
  const keywords = ordinary.slice(0, options.rounds).map((query) => parseSearchQuery(query.q));
  const ordinaryPostings = keywords.reduce(
    (sum, parsed) =>
      sum + (parsed.ok ? probe.closest({ keywords: parsed.value }, 1).postingsRead : 0),
    0,
  );
  console.log(
    `ordinary searches' keywords' runs hold ${Math.round(ordinaryPostings / options.rounds)} postings on average; the worst closest search's ${(worstPostings / (ordinaryPostings / options.rounds)).toFixed(0)}× that`,
  );
}
