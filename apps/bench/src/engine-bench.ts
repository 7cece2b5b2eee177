import { FileCatalogSource } from '@reviews/adapters-persistence';
import { parseSearchQuery, Publication, type Tool } from '@reviews/domain';
import { performance } from 'node:perf_hooks';
import {
  FlexSearchEngine,
  MiniSearchEngine,
  OurEngine,
  type EngineAnswer,
  type EngineQuery,
  type EngineSubject,
} from './engine-subjects.js';
import { generatedCatalog } from './generated-catalog.js';
import { ms, summarise, type LatencySummary } from './percentiles.js';
import { sampleQueries } from './query-sampler.js';

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
/** Heap the engine owns: JS heap plus typed-array backing stores (outside the JS heap). */
function heldBytes(): number {
  gc();
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/** Sets of at most this many hits are compared id by id; larger ones by their totals. */
const COMPARED_SET_LIMIT = 500;

interface SubjectFigures {
  readonly name: string;
  readonly buildMs: number;
  readonly heapBytes: number;
  readonly latency: LatencySummary;
  readonly answers: readonly EngineAnswer[];
}

/** The distinct queries of the sample, parsed as the service parses them. */
function distinctQueries(publication: Publication, count: number, seed: number): EngineQuery[] {
  const seen = new Set<string>();
  const queries: EngineQuery[] = [];
  for (const sampled of sampleQueries(publication, count, seed)) {
    const parsed = parseSearchQuery(sampled.q);
    if (!parsed.ok) continue;
    const key = JSON.stringify([sampled.category ?? null, [...parsed.value].sort()]);
    if (seen.has(key)) continue;
    seen.add(key);
    queries.push({ keywords: parsed.value, category: sampled.category });
  }
  return queries;
}

function measure(
  subject: EngineSubject,
  tools: readonly Tool[],
  queries: readonly EngineQuery[],
  rounds: number,
): SubjectFigures {
  const before = heldBytes();
  const started = performance.now();
  subject.build(tools);
  const buildMs = performance.now() - started;
  const heapBytes = heldBytes() - before;
  const samples: number[] = [];
  let answers: EngineAnswer[] = [];
  for (let round = 0; round < rounds; round++) {
    if (subject instanceof OurEngine) subject.fresh();
    answers = queries.map((query) => {
      const begun = performance.now();
      const answer = subject.search(query);
      samples.push(performance.now() - begun);
      return answer;
    });
  }
  return { name: subject.name, buildMs, heapBytes, latency: summarise(samples), answers };
}

/** How far `answers` agree with ours: same totals, and same id sets where those were compared. */
function agreement(
  ours: readonly EngineAnswer[],
  reference: ReadonlyMap<number, ReadonlySet<number>>,
  answers: readonly EngineAnswer[],
  queries: readonly EngineQuery[],
): string {
  let sameTotal = 0;
  let compared = 0;
  let sameSet = 0;
  const examples: string[] = [];
  answers.forEach((answer, i) => {
    const expected = ours[i]!.total;
    if (answer.total === expected) sameTotal++;
    else if (examples.length < 3)
      examples.push(`"${queries[i]!.keywords.join(' ')}": ${answer.total} vs ours ${expected}`);
    const ourSet = reference.get(i);
    if (ourSet === undefined || answer.ordinals === undefined) return;
    compared++;
    if (answer.ordinals.length === ourSet.size && answer.ordinals.every((o) => ourSet.has(o)))
      sameSet++;
  });
  const percent = (part: number, whole: number) =>
    `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;
  return (
    `same total ${sameTotal}/${answers.length} (${percent(sameTotal, answers.length)}), ` +
    `same ids ${sameSet}/${compared} of those with ≤ ${COMPARED_SET_LIMIT} hits` +
    (examples.length > 0 ? `\n      differing, e.g. ${examples.join('; ')}` : '')
  );
}

/**
 * `pnpm bench engine`: our search engine against MiniSearch and FlexSearch on one catalog (a
 * generated one unless `--catalog`) and one set of sampled queries, every engine fed our folded
 * index terms and asked AND + prefix: build time, heap held by the index, latency over several
 * rounds, how far the result sets agree, and the ratios, all from this one run.
 */
export async function engineBench(options: {
  catalog: string | undefined;
  tools: number;
  queries: number;
  seed: number;
  rounds: number;
}): Promise<void> {
  const source =
    options.catalog === undefined
      ? await generatedCatalog(options.tools, options.seed)
      : { file: options.catalog, generationMs: undefined };
  const loaded = await new FileCatalogSource(source.file).load();
  const publication = Publication.publish(loaded.fingerprint, loaded.document);
  const tools = publication.tools;
  const queries = distinctQueries(publication, options.queries, options.seed);
  console.log(`catalog   ${source.file}`);
  console.log(`tools     ${tools.length}   reviews ${publication.reviewCount}`);
  console.log(
    `queries   ${queries.length} distinct of ${options.queries} sampled (seed ${options.seed}), ${options.rounds} rounds each`,
  );
  console.log(`node      ${process.version}   expose-gc ${typeof globalThis.gc === 'function'}`);

  const ordinalOf = new Map(tools.map((tool, ordinal) => [tool.id, ordinal]));
  const subjects: EngineSubject[] = [
    new OurEngine('ours: match + rank', false),
    new OurEngine('ours: + first page, excerpts', true),
    new MiniSearchEngine(),
    new FlexSearchEngine(false),
    new FlexSearchEngine(true),
  ];
  const figures: SubjectFigures[] = [];
  const reference = new Map<number, Set<number>>();
  for (const subject of subjects) {
    figures.push(measure(subject, tools, queries, options.rounds));
    if (subject instanceof OurEngine && reference.size === 0) {
      figures[0]!.answers.forEach((answer, i) => {
        if (answer.total <= COMPARED_SET_LIMIT)
          reference.set(i, new Set(subject.allOrdinals(queries[i]!, ordinalOf)));
      });
    }
    subject.release();
  }

  console.log('');
  console.log(
    `${'engine'.padEnd(38)}${'build'.padStart(11)}${'heap'.padStart(12)}${'p50'.padStart(11)}${'p90'.padStart(11)}${'p99'.padStart(11)}`,
  );
  for (const f of figures) {
    console.log(
      `${f.name.padEnd(38)}${ms(f.buildMs).padStart(11)}${mib(f.heapBytes).padStart(12)}` +
        `${ms(f.latency.p50).padStart(11)}${ms(f.latency.p90).padStart(11)}${ms(f.latency.p99).padStart(11)}`,
    );
  }
  const ours = figures[0]!;
  const ourPage = figures[1]!;
  console.log('');
  console.log('ratios (theirs / ours: above 1 means ours is faster or smaller)');
  for (const f of figures.slice(2)) {
    console.log(
      `  ${f.name.padEnd(38)} p50 ×${(f.latency.p50 / ours.latency.p50).toFixed(1)} (×${(f.latency.p50 / ourPage.latency.p50).toFixed(1)} with page)` +
        `   p99 ×${(f.latency.p99 / ours.latency.p99).toFixed(1)} (×${(f.latency.p99 / ourPage.latency.p99).toFixed(1)})` +
        `   heap ×${(f.heapBytes / ours.heapBytes).toFixed(1)}`,
    );
  }
  console.log('');
  console.log('agreement with ours (AND + prefix over the same terms)');
  for (const f of figures.slice(2))
    console.log(`  ${f.name.padEnd(38)} ${agreement(ours.answers, reference, f.answers, queries)}`);
}
