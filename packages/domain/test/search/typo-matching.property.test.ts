import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { compareUnits, TermDictionary } from '../../src/search/term-dictionary.js';
import {
  forEachTypoCorrection,
  typoBudget,
  type TypoCorrection,
} from '../../src/search/typo-matching.js';

/** Optimal string alignment distance, the textbook table: the reference for the trie walk. */
function osaDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

const dictionaryOf = (terms: readonly string[]): TermDictionary =>
  new TermDictionary([...new Set(terms)].sort(compareUnits));

function corrections(terms: readonly string[], keyword: string, budget = typoBudget(keyword)) {
  const found: TypoCorrection[] = [];
  forEachTypoCorrection(dictionaryOf(terms), keyword, budget, (c) => found.push(c));
  return found;
}

describe('typoBudget (Meilisearch thresholds)', () => {
  it('allows no typo under 5 characters, one from 5 to 8 and two from 9 on', () => {
    expect(['a', 'node', 'vite'].map(typoBudget)).toEqual([0, 0, 0]);
    expect(['redis', 'postgres', 'webpack'].map(typoBudget)).toEqual([1, 1, 1]);
    expect(['migration', 'kubernetes'].map(typoBudget)).toEqual([2, 2]);
  });

  it('counts characters, not UTF-16 units or bytes', () => {
    expect(typoBudget('crème')).toBe(1);
    expect(typoBudget('𝒳𝒳𝒳𝒳')).toBe(0);
  });
});

describe('forEachTypoCorrection', () => {
  it('counts a transposition as one typo', () => {
    expect(corrections(['postgres'], 'postgrse')).toEqual([
      { text: 'postgres', distance: 1, whole: true },
    ]);
    expect(corrections(['kubernetes'], 'kuberentes')).toEqual([
      expect.objectContaining({ text: 'kubernetes', distance: 1 }),
    ]);
  });

  it('finds nothing for a short keyword with a typo, and nothing past the budget', () => {
    expect(corrections(['node'], 'nide')).toEqual([]);
    expect(corrections(['redis'], 'rdeix')).toEqual([]);
    expect(corrections(['migration'], 'mgiratoin')).toEqual([
      expect.objectContaining({ text: 'migration', distance: 2 }),
    ]);
    expect(corrections(['migration'], 'mgiratoinz')).toEqual([]);
  });

  it('corrects to the beginning of a longer term, as a keyword matches words it begins', () => {
    expect(corrections(['postgresql'], 'postgrse')).toEqual([
      { text: 'postgres', distance: 1, whole: false },
    ]);
  });

  it('finds the corrections the textbook distance gives, term by term, whole or begun', () => {
    const word = fc.stringMatching(/^[abc]{1,10}$/);
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 30 }),
        word,
        fc.integer({ min: 0, max: 2 }),
        (terms, keyword, budget) => {
          const expected = new Set<string>();
          for (const term of new Set(terms)) {
            const whole = osaDistance(keyword, term);
            if (whole <= budget) {
              expected.add(JSON.stringify([term, whole, true]));
              continue;
            }
            // The best beginning: fewest typos, then nearest in length, then longest.
            let best: [string, number] | undefined;
            for (let j = 1; j <= term.length; j++) {
              const text = term.slice(0, j);
              const distance = osaDistance(keyword, text);
              const nearer =
                best === undefined ||
                distance < best[1] ||
                (distance === best[1] &&
                  Math.abs(j - keyword.length) <= Math.abs(best[0].length - keyword.length));
              if (nearer) best = [text, distance];
            }
            if (best !== undefined && best[1] <= budget)
              expected.add(JSON.stringify([best[0], best[1], false]));
          }
          const found = new Set<string>();
          forEachTypoCorrection(dictionaryOf(terms), keyword, budget, (c) =>
            found.add(JSON.stringify([c.text, c.distance, c.whole])),
          );
          expect([...found].sort()).toEqual([...expected].sort());
        },
      ),
      { numRuns: 500 },
    );
  });
});
