import { FileCatalogSource } from '@reviews/adapters-persistence';
import { parseSearchQuery, Publication } from '@reviews/domain';
import { sampleQueries } from './query-sampler.js';

/** Query classes by the share of tools a query matches (measured on the smallest catalog). */
export const SELECTIVE_SHARE = 0.005;
export const BROAD_SHARE = 0.1;

export interface ClassifiedQueries {
  readonly selective: readonly string[];
  readonly broad: readonly string[];
}

/**
 * Queries for every size, drawn from the smallest generated catalog (the generator's vocabulary
 * and word frequencies do not depend on the size): sampled queries that match at most 0.5 % of
 * its tools are selective; single words and 1–2 letter prefixes matching at least 10 % are broad.
 */
export async function classifiedQueries(
  file: string,
  count: number,
  seed: number,
): Promise<ClassifiedQueries> {
  const loaded = await new FileCatalogSource(file).load();
  const publication = Publication.publish(loaded.fingerprint, loaded.document);
  const share = (q: string): number => {
    const keywords = parseSearchQuery(q);
    if (!keywords.ok) return -1;
    return publication.search({ keywords: keywords.value }).total / publication.tools.length;
  };
  const sampled = [...new Set(sampleQueries(publication, count * 4, seed).map((s) => s.q))];
  const selective = sampled
    .filter((q) => share(q) > 0 && share(q) <= SELECTIVE_SHARE)
    .slice(0, count);
  const candidates = new Set<string>();
  for (const q of sampled) {
    const word = q.split(' ')[0] ?? '';
    for (const prefix of [word.slice(0, 1), word.slice(0, 2), word]) candidates.add(prefix);
  }
  const broad = [...candidates].filter((q) => share(q) >= BROAD_SHARE).slice(0, count);
  return { selective, broad };
}
