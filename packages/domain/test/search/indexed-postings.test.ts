import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { aCatalog, aTool } from '@reviews/domain/testing';
import { Publication } from '../../src/catalog/publication.js';
import { forEachSearchedText, PostingsCollector } from '../../src/search/postings-builder.js';
import {
  finishIndexedPostings,
  indexedPostingsBuffers,
} from '../../src/search/search-index-snapshot.js';
import type { Tool } from '../../src/catalog/tool.js';
import { catalog } from './catalog-arbitraries.js';

/**
 * Postings collected the way a thread that only receives the searched texts collects them:
 * ASCII texts as bytes inside one shared buffer (between other texts' bytes), others as strings.
 */
function collectAsBytes(tools: readonly Tool[]) {
  const collector = new PostingsCollector();
  const encoder = new TextEncoder();
  for (const tool of tools) {
    collector.startTool();
    forEachSearchedText(tool, (field, text) => {
      const bytes = encoder.encode(`q${text}q`);
      if (bytes.length === text.length + 2)
        collector.addAsciiBytes(field, bytes, 1, 1 + text.length);
      else collector.addText(field, text);
    });
  }
  return finishIndexedPostings(collector);
}

describe('Indexed postings', () => {
  it('give the publication that indexing the tools itself gives, whatever the review order', () => {
    fc.assert(
      fc.property(catalog, (tools) => {
        const document = aCatalog(...tools);
        const expected = Publication.publish('p1', document).snapshot();
        // Reviews in document order, as the catalog is read: the publication sorts them after.
        const built = collectAsBytes(document.tools);
        const postings = structuredClone(built, {
          transfer: indexedPostingsBuffers(built) as ArrayBuffer[],
        });
        expect(built.offsets.length).toBe(0); // moved, not copied
        const indexed = Publication.publishIndexed('p1', document, postings).snapshot();
        expect(indexed).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('are refused for another number of tools', () => {
    const postings = collectAsBytes([aTool().withId('alpha').build()]);
    const document = aCatalog(aTool().withId('alpha').build(), aTool().withId('beta').build());
    expect(() => Publication.publishIndexed('p1', document, postings)).toThrow(
      'Postings of 1 tools cannot index 2.',
    );
  });
});
