import { describe, expect, it } from '@jest/globals';
import { FileCatalogSource } from '@reviews/adapters-persistence';
import { Publication } from '@reviews/domain';
import { fileURLToPath } from 'node:url';
import {
  refusedQueries,
  relevanceFigures,
  serviceRanker,
} from '../src/relevance/relevance-figures.js';
import { loadSampleQueries } from '../src/relevance/sample-queries.js';

const SAMPLE_CATALOG = fileURLToPath(
  new URL('../../../packages/service-common/catalog/sample-catalog.json', import.meta.url),
);

/**
 * What `pnpm bench relevance` prints for the answer with its closest tools on the sample
 * catalog's written queries (docs/relevance.md): 62 of 66 in the first three, the
 * other 4 refused for having more than 12 keywords.
 */
const PRINTED_HIT_AT_3 = 62 / 66;

describe('relevance on the sample catalog', () => {
  it('keeps the described tool in the first three of the answer with its closest tools as often as printed', async () => {
    const loaded = await new FileCatalogSource(SAMPLE_CATALOG).load();
    const publication = Publication.publish(loaded.fingerprint, loaded.document);
    const queries = await loadSampleQueries();
    expect(queries.length).toBeGreaterThanOrEqual(60);
    expect(refusedQueries(queries)).toBe(4);
    const figures = relevanceFigures(serviceRanker(publication, true), queries);
    expect(figures.hitAt3).toBeGreaterThanOrEqual(PRINTED_HIT_AT_3);
    // The strict answer alone finds almost none of them: the closest tools are what does.
    expect(relevanceFigures(serviceRanker(publication, false), queries).hitAt3).toBeLessThan(0.1);
  });
});
