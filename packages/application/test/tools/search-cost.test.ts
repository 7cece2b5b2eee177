import { describe, expect, it } from '@jest/globals';
import { Publication, type CatalogDocument } from '@reviews/domain';
import { aCatalog, aReview, aTool } from '@reviews/domain/testing';
import { LivePublication } from '../../src/catalog/live-publication.js';
import type { SearchToolsInput } from '../../src/schemas/tool-inputs.schemas.js';
import { SearchTools } from '../../src/tools/search-tools.use-case.js';
import { profile } from './profile.fixture.js';

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'theta', 'kappa'];
const CATEGORIES = ['Databases', 'Editors', 'Testing'];

/** Enough tools that a search of many short keywords reads many postings. */
function catalog(): CatalogDocument {
  return aCatalog(
    ...Array.from({ length: 400 }, (_, i) =>
      aTool()
        .withId(`tool-${i}`)
        .named(`${WORDS[i % WORDS.length]} ${WORDS[(i * 3) % WORDS.length]} tool ${i}`)
        .inCategory(CATEGORIES[i % CATEGORIES.length] ?? null)
        .withReviews(
          aReview()
            .withId(`r${i}`)
            .withLikes(`Fast ${WORDS[(i * 5) % WORDS.length]} and a tidy api.`),
        ),
    ),
  );
}

function searchOver(document: CatalogDocument): SearchTools {
  const live = new LivePublication();
  live.replace(Publication.publish('p1', document));
  return new SearchTools(live, profile);
}

const INPUTS: readonly SearchToolsInput[] = [
  {},
  { q: 'alpha' },
  { q: 'a b d e g k t z', facets: ['category'], highlight: true, limit: 20 },
  { q: 'a b d e g k t z', facets: ['category'], highlight: true, cursor: '20' },
  { q: 'alpah betta gamna', facets: ['category'] },
  { q: 'qqqqqqqq zzzzzzzz', highlight: true },
  { q: 'tool', category: 'Editors', facets: ['category'] },
  { q: 'alpha', category: 'No such category' },
];

describe('what a search costs (docs/api.md#what-a-search-costs)', () => {
  it('never changes an answer: every body is the one a search that was never costed gives', () => {
    const document = catalog();
    const costed = searchOver(document);
    const plain = searchOver(document);
    for (const input of INPUTS) {
      // Twice: the second search is answered from the caches the first one filled.
      for (let round = 0; round < 2; round++) {
        costed.cost(input);
        expect(costed.execute(input)).toEqual(plain.execute(input));
      }
    }
  });

  it('charges one unit for a browse, an ordinary search and anything already kept', () => {
    const search = searchOver(catalog());
    expect(search.cost({})).toBe(1);
    expect(search.cost({ facets: ['category'] })).toBe(1);
    expect(search.cost({ q: 'alpha' })).toBe(1);
    const costly = { q: 'a b d e g k t z', facets: ['category' as const], limit: 20 };
    expect(search.cost(costly)).toBeGreaterThan(1);
  });

  it('charges more for more keywords on a full page, and for the corrections of "did you mean"', () => {
    const search = searchOver(catalog());
    const few = search.cost({ q: 'a', highlight: true, limit: 20 });
    const many = search.cost({ q: 'a b d e g k t z', highlight: true, limit: 20 });
    expect(many).toBeGreaterThan(few);
    const misspelled = { q: 'alpah betta gamna' };
    expect(search.cost(misspelled)).toBeGreaterThanOrEqual(1 + 3);
    search.execute(misspelled);
    // The suggestions are kept per publication, as result lists are: a repeat corrects nothing.
    expect(search.cost(misspelled)).toBe(1);
  });

  it('charges one unit for input the use case refuses, and before any publication', () => {
    expect(searchOver(catalog()).cost({ q: 'a'.repeat(300) })).toBe(1);
    expect(new SearchTools(new LivePublication(), profile).cost({ q: 'alpha' })).toBe(1);
  });
});
