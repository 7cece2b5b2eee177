import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { RelevanceQuery } from './relevance-figures.js';

/** The natural-language queries written for the bundled sample catalog, a third held out. */
export const SAMPLE_QUERIES_FILE = fileURLToPath(
  new URL('../../relevance/sample-catalog-queries.json', import.meta.url),
);

export async function loadSampleQueries(): Promise<RelevanceQuery[]> {
  const document = JSON.parse(await readFile(SAMPLE_QUERIES_FILE, 'utf8')) as {
    queries: RelevanceQuery[];
  };
  return document.queries;
}
