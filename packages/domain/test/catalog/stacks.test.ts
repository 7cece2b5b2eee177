import { describe, expect, it } from '@jest/globals';
import { STACK_DIMENSIONS, STACK_RELATIONSHIPS, stackTagKind } from '../../src/index.js';

describe('stackTagKind', () => {
  it('names the dimension and the relationship', () => {
    expect(stackTagKind({ dimension: 'os', relationship: 'runs_on' })).toBe('os, runs_on');
    expect(stackTagKind({ dimension: 'language', relationship: 'sdk' })).toBe('language, sdk');
  });

  it('says a word once when the dimension and the relationship are the same', () => {
    expect(stackTagKind({ dimension: 'integration', relationship: 'integration' })).toBe(
      'integration',
    );
    for (const dimension of STACK_DIMENSIONS)
      for (const relationship of STACK_RELATIONSHIPS)
        expect(stackTagKind({ dimension, relationship }).split(', ')).toEqual(
          dimension === relationship ? [dimension] : [dimension, relationship],
        );
  });
});
