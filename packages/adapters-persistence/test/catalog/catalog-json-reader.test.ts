import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { readCatalogJsonChunks } from '../../src/catalog/catalog-json-reader.js';
import { readCatalogJson } from '@reviews/adapters-persistence/testing';
import { JsonSyntaxError } from '../../src/catalog/json-syntax.error.js';

type Visit = ['member', string, unknown] | ['tool', unknown, boolean] | ['root', unknown];

const visitsOf = (text: string): Visit[] => {
  const visits: Visit[] = [];
  readCatalogJson(Buffer.from(text), {
    member: (key, value) => visits.push(['member', key, value]),
    tool: (value, controlFree) => visits.push(['tool', value, controlFree]),
    root: (value) => visits.push(['root', value]),
  });
  return visits;
};

/** The visits, or the syntax error, of `text` read in chunks of `size` bytes. */
const outcomeOf = (text: string, size?: number): Visit[] | string => {
  const bytes = Buffer.from(text);
  const visits: Visit[] = [];
  const visitor = {
    member: (key: string, value: unknown) => visits.push(['member', key, value]),
    tool: (value: unknown, controlFree: boolean) => visits.push(['tool', value, controlFree]),
    root: (value: unknown) => visits.push(['root', value]),
  };
  try {
    if (size === undefined) readCatalogJson(bytes, visitor);
    else
      readCatalogJsonChunks(() => {
        let at = 0;
        return () => {
          if (at >= bytes.length) return undefined;
          at += size;
          return bytes.subarray(at - size, at);
        };
      }, visitor);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return error.message;
  }
  return visits;
};

/** What the visits say the document is, rebuilt the way JSON.parse would see it. */
const rebuild = (visits: Visit[]): unknown => {
  let document: Record<string, unknown> | undefined;
  let root: unknown;
  for (const visit of visits) {
    if (visit[0] === 'root') root = visit[1];
    else if (visit[0] === 'member') {
      document ??= {};
      Object.defineProperty(document, visit[1], {
        value: visit[2],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else ((document?.tools ?? []) as unknown[]).push(visit[1]);
  }
  return document ?? root;
};

describe('readCatalogJson', () => {
  it('hands over the top-level members and each tool in document order', () => {
    expect(
      visitsOf(
        ' {"schemaVersion":1, "tools": [ {"id":"a"} , {"id":"b","x":[1,{"y":"]"}]} ],"publishedAt":"t"} ',
      ),
    ).toEqual([
      ['member', 'schemaVersion', 1],
      ['member', 'tools', []],
      ['tool', { id: 'a' }, true],
      ['tool', { id: 'b', x: [1, { y: ']' }] }, true],
      ['member', 'publishedAt', 't'],
    ]);
  });

  it('hands over a document that is not an object as a whole', () => {
    expect(visitsOf('[1, 2]')).toEqual([['root', [1, 2]]]);
    expect(visitsOf(' "text" ')).toEqual([['root', 'text']]);
  });

  it('reads any JSON object as JSON.parse does', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.array(fc.jsonValue()),
        fc.boolean(),
        (members, tools, pretty) => {
          const document = { ...members, tools };
          const text = JSON.stringify(document, null, pretty ? 2 : undefined);
          expect(rebuild(visitsOf(text))).toEqual(JSON.parse(text));
        },
      ),
    );
  });

  it('refuses what JSON.parse refuses, and only that', () => {
    const nearlyJson = fc
      .tuple(fc.json(), fc.nat(), fc.constantFrom('', ',', '}', ']', '"', '\\', ':', 'x', '{', '['))
      .map(([text, at, insert]) => {
        const cut = at % (text.length + 1);
        return `{"tools":[${text.slice(0, cut)}${insert}${text.slice(cut)}]}`;
      });
    fc.assert(
      fc.property(nearlyJson, (text) => {
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        let reads = true;
        try {
          visitsOf(text);
        } catch (error) {
          expect(error).toBeInstanceOf(JsonSyntaxError);
          reads = false;
        }
        expect(reads).toBe(parses);
      }),
      { numRuns: 500 },
    );
  });

  it('reads the same in chunks of any size as in one piece: visits, errors, lines and columns', () => {
    const text = fc.oneof(
      fc
        .tuple(fc.dictionary(fc.string(), fc.jsonValue()), fc.array(fc.jsonValue()), fc.boolean())
        .map(([members, tools, pretty]) =>
          JSON.stringify({ ...members, tools }, null, pretty ? 2 : undefined),
        ),
      fc
        .tuple(
          fc.json(),
          fc.nat(),
          fc.constantFrom('', ',', '}', ']', '"', '\\', ':', 'x', '{', '[', '\n', 'é'),
        )
        .map(([json, at, insert]) => {
          const cut = at % (json.length + 1);
          return `{"tools":[\n${json.slice(0, cut)}${insert}${json.slice(cut)}]}`;
        }),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 9 }), (document, size) => {
        expect(outcomeOf(document, size)).toEqual(outcomeOf(document));
      }),
      { numRuns: 500 },
    );
  });

  it('says a tool holds no control character only when none of its strings does', () => {
    const character = fc.constantFrom(
      'a',
      ' ',
      'é',
      '😀',
      '"',
      '\\',
      '\u0000',
      '\u0007',
      '\n',
      '\t',
      '\u001f',
      '\u007f',
    );
    const text = fc.string({ unit: character, maxLength: 6 });
    const tool = fc.dictionary(text, fc.oneof(text, fc.array(text, { maxLength: 3 })), {
      maxKeys: 3,
    });
    const holdsControl = (value: unknown): boolean =>
      typeof value === 'string'
        ? // eslint-disable-next-line no-control-regex -- finding control characters is the point
          /[\u0000-\u001f\u007f]/.test(value)
        : typeof value === 'object' && value !== null
          ? Object.entries(value).some(([key, member]) => holdsControl(key) || holdsControl(member))
          : false;
    let free = 0;
    let notFree = 0;
    fc.assert(
      fc.property(
        fc.array(tool, { maxLength: 4 }),
        fc.integer({ min: 1, max: 9 }),
        (tools, size) => {
          const visits = outcomeOf(JSON.stringify({ tools }), size);
          if (typeof visits === 'string') throw new Error(visits);
          for (const visit of visits) {
            if (visit[0] !== 'tool') continue;
            if (visit[2]) free++;
            else notFree++;
            if (visit[2]) expect(holdsControl(visit[1])).toBe(false);
          }
        },
      ),
      { numRuns: 500 },
    );
    // Both answers must have been given, or the property says little.
    expect(free).toBeGreaterThan(100);
    expect(notFree).toBeGreaterThan(100);
  });
});
