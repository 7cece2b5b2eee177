import { describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import { detailResultSchema, searchResultSchema } from '@reviews/application';
import { z } from 'zod';
import { objectJsonSchema } from '../src/tools/object-json-schema.js';

describe('objectJsonSchema', () => {
  it('hoists a schema with a meta id back to the root, keeping the definitions it refers to', () => {
    const schema = objectJsonSchema(searchResultSchema, 'output');
    expect(schema.type).toBe('object');
    expect(schema['$ref']).toBeUndefined();
    expect(Object.keys(schema['definitions'] as object).sort()).toEqual([
      'ClosestTool',
      'FacetCount',
      'MatchedStackTag',
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

  it('writes a nullable member as anyOf with {type: "null"}, never as a type array', () => {
    for (const result of [searchResultSchema, detailResultSchema]) {
      const text = JSON.stringify(objectJsonSchema(result, 'output'));
      expect(text).not.toMatch(/"type":\[/);
    }
    const schema = objectJsonSchema(
      z.object({ next: z.string().max(4).nullable().meta({ description: 'Next page.' }) }),
      'output',
    );
    expect(schema.properties?.['next']).toEqual({
      description: 'Next page.',
      anyOf: [{ type: 'string', maxLength: 4 }, { type: 'null' }],
    });
  });

  it('accepts and refuses the same bodies as the zod schema it comes from', () => {
    const schema = z.object({ next: z.string().max(4).nullable(), n: z.number().nullable() });
    const validate = new Ajv({ strict: false }).compile(objectJsonSchema(schema, 'output'));
    for (const body of [
      { next: null, n: null },
      { next: 'abc', n: 2 },
      { next: 'abcde', n: 2 },
      { next: 3, n: null },
      { next: 'a' },
    ]) {
      expect(validate(body)).toBe(schema.safeParse(body).success);
    }
  });

  it('refuses a schema whose root is not an object', () => {
    expect(() => objectJsonSchema(z.string(), 'input')).toThrow(/object at its root/);
  });
});
