import { describe, expect, it } from '@jest/globals';
import { searchResultSchema } from '@reviews/application';
import { z } from 'zod';
import { objectJsonSchema } from '../src/tools/object-json-schema.js';

describe('objectJsonSchema', () => {
  it('hoists a schema with a meta id back to the root, keeping the definitions it refers to', () => {
    const schema = objectJsonSchema(searchResultSchema, 'output');
    expect(schema.type).toBe('object');
    expect(schema['$ref']).toBeUndefined();
    expect(Object.keys(schema['definitions'] as object).sort()).toEqual([
      'FacetCount',
      'ReviewCitation',
      'Rights',
      'SearchItem',
      'SearchSuggestion',
    ]);
    expect(schema.properties?.['rights']).toEqual({ $ref: '#/definitions/Rights' });
  });

  it('keeps the root definition when the root refers to itself', () => {
    const node: z.ZodType = z
      .object({ name: z.string(), children: z.array(z.lazy(() => node)) })
      .meta({ id: 'Node' });
    const schema = objectJsonSchema(node, 'output');
    expect(schema.type).toBe('object');
    expect(schema['definitions']).toHaveProperty('Node');
  });

  it('refuses a schema whose root is not an object', () => {
    expect(() => objectJsonSchema(z.string(), 'input')).toThrow(/object at its root/);
  });
});
