import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { isSameJsonValue } from '../../src/shared/same-json-value.js';

describe('isSameJsonValue', () => {
  it('is true exactly when both values serialise to the same JSON text', () => {
    // Pairs that are often equal: one value, and a parse of its text or of a small variant.
    const variant = (text: string, edit: number): string =>
      edit === 0 ? text : text.replace(/\d/, String(edit % 10)).replace('"a"', '"b"');
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(3), (value, edit) => {
        const text = JSON.stringify(value);
        const other: unknown = JSON.parse(variant(text, edit));
        const parsed: unknown = JSON.parse(text);
        expect(isSameJsonValue(parsed, other)).toBe(JSON.stringify(other) === text);
      }),
      { numRuns: 500 },
    );
  });

  it('tells apart what serialises differently', () => {
    expect(isSameJsonValue({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(isSameJsonValue({ a: [1, 2] }, { a: [1, 2, 3] })).toBe(false);
    expect(isSameJsonValue({ a: null }, { a: {} })).toBe(false);
    expect(isSameJsonValue([], {})).toBe(false);
    expect(isSameJsonValue({}, [])).toBe(false);
    expect(isSameJsonValue('1', 1)).toBe(false);
    expect(isSameJsonValue({ a: { b: 'x' } }, { a: { b: 'y' } })).toBe(false);
    expect(isSameJsonValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });

  it('finds equal values of separate objects the same', () => {
    const tool = () => ({ id: 't', reviews: [{ id: 'r', author: { name: 'N' }, likes: 'ok' }] });
    expect(isSameJsonValue(tool(), tool())).toBe(true);
    expect(isSameJsonValue([tool(), null, 2, 'x', true], [tool(), null, 2, 'x', true])).toBe(true);
  });
});
