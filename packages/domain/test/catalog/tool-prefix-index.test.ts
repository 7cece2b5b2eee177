import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Publication } from '../../src/index.js';
import { foldText } from '../../src/search/text-folding.js';
import { aCatalog, aTool } from '../../src/testing/index.js';

const publicationOf = (...tools: Array<[id: string, name: string]>) =>
  Publication.publish('p', aCatalog(...tools.map(([id, name]) => aTool().withId(id).named(name))));

const ids = (matches: { tools: ReadonlyArray<{ id: string }> }) => matches.tools.map((t) => t.id);

describe('tools by prefix (completing a tool id)', () => {
  it('finds tools by the beginning of their id or of their name, folded, each once', () => {
    const publication = publicationOf(
      ['pgbeam', 'PgBeam'],
      ['kestrel-sql', 'Kestrel SQL'],
      ['cb', 'Crème Brûlée'],
      ['postal', 'Postal'],
    );
    expect(ids(publication.toolsByPrefix('PG', 20))).toEqual(['pgbeam']);
    expect(ids(publication.toolsByPrefix('kestrel s', 20))).toEqual(['kestrel-sql']);
    expect(ids(publication.toolsByPrefix('creme', 20))).toEqual(['cb']);
    expect(ids(publication.toolsByPrefix('p', 20)).sort()).toEqual(['pgbeam', 'postal']);
    expect(ids(publication.toolsByPrefix('sql', 20))).toEqual([]);
  });

  it('stops at the maximum and says that more were left out', () => {
    const publication = publicationOf(
      ...Array.from({ length: 25 }, (_, i): [string, string] => [`tool-${i}`, `Tool ${i}`]),
    );
    const first = publication.toolsByPrefix('tool', 20);
    expect(first.tools).toHaveLength(20);
    expect(first.more).toBe(true);
    const all = publication.toolsByPrefix('tool-2', 20);
    expect(ids(all).sort()).toEqual([
      'tool-2',
      'tool-20',
      'tool-21',
      'tool-22',
      'tool-23',
      'tool-24',
    ]);
    expect(all.more).toBe(false);
  });

  it('returns exactly the tools a scan over every id and name would (property)', () => {
    const word = fc.stringMatching(/^[a-zé]{1,6}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.stringMatching(/^[a-z0-9]{1,6}$/), word), {
          selector: ([id]) => id,
          minLength: 1,
          maxLength: 30,
        }),
        fc.stringMatching(/^[a-z]{0,3}$/),
        (tools, prefix) => {
          const publication = publicationOf(...tools);
          const expected = tools
            .filter(([id, name]) => id.startsWith(prefix) || foldText(name).startsWith(prefix))
            .map(([id]) => id)
            .sort();
          const found = publication.toolsByPrefix(prefix, 100);
          expect(ids(found).sort()).toEqual(expected);
          expect(found.more).toBe(false);
        },
      ),
    );
  });
});
