import { FileCatalogSource } from '@reviews/adapters-persistence';
import { Publication } from '@reviews/domain';
import { generatedCatalog } from '../generated-catalog.js';
import { generatedQueries } from './generated-queries.js';
import {
  miniSearchRanker,
  refusedQueries,
  relevanceFigures,
  serviceRanker,
  type Ranker,
  type RelevanceQuery,
} from './relevance-figures.js';
import { loadSampleQueries, SAMPLE_QUERIES_FILE } from './sample-queries.js';

async function publicationOf(file: string): Promise<Publication> {
  const loaded = await new FileCatalogSource(file).load();
  return Publication.publish(loaded.fingerprint, loaded.document);
}

const percent = (share: number): string => `${(100 * share).toFixed(1).padStart(5)} %`;

function printTable(title: string, rankers: readonly Ranker[], queries: RelevanceQuery[]): void {
  console.log(`\n${title}: ${queries.length} queries, ${refusedQueries(queries)} refused (400)`);
  console.log(`  ${'answer'.padEnd(54)}  hit@1    hit@3    MRR`);
  for (const ranker of rankers) {
    const figures = relevanceFigures(ranker, queries);
    console.log(
      `  ${ranker.name.padEnd(54)} ${percent(figures.hitAt1)}  ${percent(figures.hitAt3)}  ${figures.mrr.toFixed(3)}`,
    );
  }
}

/**
 * `pnpm bench relevance`: how often the described tool comes first and in the first three, for
 * natural-language queries, from the strict answer, the answer with its closest tools, and
 * MiniSearch over the same texts; on the sample catalog with its written queries (all, then the
 * held-out third alone) and on a generated catalog with queries built from descriptions.
 */
export async function relevanceBench(options: {
  sampleCatalog: string;
  tools: number;
  queries: number;
  seed: number;
  tuning: boolean;
}): Promise<void> {
  const sample = await publicationOf(options.sampleCatalog);
  const written = await loadSampleQueries();
  const rankers = [
    serviceRanker(sample, false),
    serviceRanker(sample, true),
    miniSearchRanker(sample.tools),
  ];
  console.log(`queries   ${SAMPLE_QUERIES_FILE}`);
  if (options.tuning) {
    printTable(
      'sample catalog, tuning queries (held-out third left out)',
      rankers,
      written.filter((query) => query.heldOut !== true),
    );
  } else {
    printTable('sample catalog, all written queries', rankers, written);
    printTable(
      'sample catalog, the held-out third alone',
      rankers,
      written.filter((query) => query.heldOut === true),
    );
  }
  if (options.tools <= 0) return;

  const source = await generatedCatalog(options.tools, options.seed);
  const generated = await publicationOf(source.file);
  printTable(
    `generated catalog of ${generated.tools.length} tools (seed ${options.seed}), queries from descriptions (seed ${options.seed})`,
    [
      serviceRanker(generated, false),
      serviceRanker(generated, true),
      miniSearchRanker(generated.tools),
    ],
    generatedQueries(generated.tools, options.queries, options.seed),
  );
}
