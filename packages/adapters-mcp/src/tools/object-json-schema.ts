import { isRecord } from '@reviews/domain';
import { z } from 'zod';

/** A JSON Schema whose root is an object, as MCP requires of `inputSchema` and `outputSchema`. */
interface ObjectJsonSchema {
  [key: string]: unknown;
  type: 'object';
  properties?: Record<string, object>;
  required?: string[];
}

/**
 * Converts one of the shared zod schemas into the JSON Schema an MCP tool advertises (draft-07,
 * the dialect the SDK clients validate with). zod moves a schema that carries a `.meta({ id })`
 * into `definitions` and leaves only a `$ref` at the root; MCP needs `type: "object"` at the
 * root, so the root definition is hoisted back (the other definitions stay, so every `$ref`
 * still resolves).
 */
export function objectJsonSchema(schema: z.ZodType, io: 'input' | 'output'): ObjectJsonSchema {
  const generated: Record<string, unknown> = z.toJSONSchema(schema, { target: 'draft-7', io });
  const hoisted = hoistRootDefinition(
    openObjectsAsTrue(portableNulls(generated)) as Record<string, unknown>,
  );
  if (hoisted.type !== 'object') {
    throw new Error('An MCP tool schema must describe an object at its root.');
  }
  return hoisted as ObjectJsonSchema;
}

/**
 * zod writes a nullable scalar as `type: ["string", "null"]`, which some MCP clients do not take
 * (the MCP Inspector's `--strict` check flags it as not portable); the same meaning as
 * `anyOf: [{ type: "string", … }, { type: "null" }]` is the form every client reads. The
 * member's constraints go with the non-null branch; its annotations stay on the member.
 */
function portableNulls(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(portableNulls);
  if (!isRecord(node)) return node;
  const walked = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, portableNulls(value)]),
  );
  const { type } = walked;
  if (!Array.isArray(type) || !type.includes('null') || type.length < 2) return walked;
  const { description, title, default: fallback, examples, ...constraints } = walked;
  const others = type.filter((t) => t !== 'null');
  const annotations = Object.fromEntries(
    Object.entries({ description, title, default: fallback, examples }).filter(
      ([, value]) => value !== undefined,
    ),
  );
  return {
    ...annotations,
    anyOf: [{ ...constraints, type: others.length === 1 ? others[0] : others }, { type: 'null' }],
  };
}

/**
 * zod writes an open object (`.loose()`, docs/api.md#every-response: response schemas are open)
 * with `additionalProperties: {}`, the empty schema. It means the same as `true`, but the MCP
 * Inspector's portability check warns on every schema that constrains nothing, so the open
 * objects say `true`: still open, never `false`.
 */
function openObjectsAsTrue(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openObjectsAsTrue);
  if (!isRecord(node)) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === 'additionalProperties' && isRecord(value) && Object.keys(value).length === 0
        ? true
        : openObjectsAsTrue(value),
    ]),
  );
}

function hoistRootDefinition(generated: Record<string, unknown>): Record<string, unknown> {
  const { $ref: ref, definitions, ...rest } = generated;
  const prefix = '#/definitions/';
  if (typeof ref !== 'string' || !ref.startsWith(prefix) || !isRecord(definitions))
    return generated;
  const rootName = ref.slice(prefix.length);
  const { [rootName]: root, ...others } = definitions;
  if (!isRecord(root)) return generated;
  // A recursive root is still referenced from inside: keep its definition then.
  const kept = JSON.stringify(definitions).includes(`"${ref}"`) ? definitions : others;
  return Object.keys(kept).length === 0
    ? { ...rest, ...root }
    : { ...rest, ...root, definitions: kept };
}
