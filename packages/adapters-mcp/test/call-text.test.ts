import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { cutAtId, isIdAt } from '../src/http/call-text.js';

const CALL = { method: 'tools/call', params: { name: 'search_tools', arguments: { q: 'x' } } };

/** Ids a client may send: plain ones, and ones the cut must leave alone. */
const anyId = fc.oneof(
  fc.integer({ min: -1e15 + 1, max: 1e15 - 1 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('', '"', '\\', '?', '!', 'a"b', 'é'),
);

/** Requests in the layouts clients use, and in others, with `id` anywhere or absent. */
const anyRequest = fc
  .record({
    id: anyId,
    layout: fc.constantFrom('leading', 'trailing', 'middle', 'none'),
    params: fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
  })
  .map(({ id, layout, params }) => {
    const body = { ...CALL, params: { ...CALL.params, ...params } };
    switch (layout) {
      case 'leading':
        return { id, text: JSON.stringify({ jsonrpc: '2.0', id, ...body }) };
      case 'trailing':
        return { id, text: JSON.stringify({ ...body, jsonrpc: '2.0', id }) };
      case 'middle':
        return { id, text: JSON.stringify({ method: body.method, id, params: body.params }) };
      default:
        return { id: undefined, text: JSON.stringify({ jsonrpc: '2.0', ...body }) };
    }
  });

/** The tokens a cut accepts: plain integers, strings of printable ASCII without `"` or `\`. */
const plainToken = fc.oneof(
  fc.integer({ min: -1e15 + 1, max: 1e15 - 1 }).map((n) => JSON.stringify(n)),
  fc
    .string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) })
    .filter((s) => !s.includes('"') && !s.includes('\\'))
    .map((s) => `"${s}"`),
);

describe('cutAtId (known MCP calls recognised by their text, issue 12)', () => {
  it('cuts exactly around the id, and another plain id there gives the same call with that id', () => {
    fc.assert(
      fc.property(anyRequest, plainToken, ({ id, text }, other) => {
        const at = cutAtId(text);
        if (at === undefined) return;
        expect(`${at.before}${at.token}${at.after}`).toBe(text);
        expect(at.id).toEqual(JSON.parse(JSON.stringify(id)) as unknown);
        expect(isIdAt(at)).toBe(true);
        const parsed = JSON.parse(text) as Record<string, unknown>;
        expect(JSON.parse(`${at.before}${other}${at.after}`)).toEqual({
          ...parsed,
          id: JSON.parse(other) as unknown,
        });
      }),
      { numRuns: 2_000 },
    );
  });

  it('finds the id of the usual layouts when it is a plain integer or string', () => {
    fc.assert(
      fc.property(plainToken, fc.constantFrom('leading', 'trailing'), (token, layout) => {
        const id = JSON.parse(token) as string | number;
        const text =
          layout === 'leading'
            ? JSON.stringify({ jsonrpc: '2.0', id, ...CALL })
            : JSON.stringify({ ...CALL, jsonrpc: '2.0', id });
        expect(cutAtId(text)?.token).toBe(token);
      }),
    );
  });

  it.each([
    ['a fraction', '{"jsonrpc":"2.0","id":1.5,"method":"tools/call"}'],
    ['an exponent', '{"method":"tools/call","jsonrpc":"2.0","id":1e3}'],
    ['minus zero', '{"jsonrpc":"2.0","id":-0,"method":"tools/call"}'],
    ['sixteen digits', '{"jsonrpc":"2.0","id":1234567890123456,"method":"tools/call"}'],
    ['an escape', '{"method":"tools/call","jsonrpc":"2.0","id":"a\\"b"}'],
    ['non-ASCII', '{"jsonrpc":"2.0","id":"é","method":"tools/call"}'],
    ['whitespace', '{"jsonrpc":"2.0","id": 1,"method":"tools/call"}'],
    ['a nested id last', '{"method":"tools/call","params":{"id":1}}'],
    ['no id', '{"jsonrpc":"2.0","method":"tools/call"}'],
  ])('leaves %s alone', (_name, text) => {
    expect(cutAtId(text)).toBeUndefined();
  });

  it('tells a leading id that a later one overrides', () => {
    const at = cutAtId('{"jsonrpc":"2.0","id":1,"method":"tools/call","id":7}');
    expect(at?.token).toBe('1');
    expect(isIdAt(at!)).toBe(false);
  });
});
