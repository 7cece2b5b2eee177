import { z } from 'zod';

/** One member of a published body, as the developer guide lists it. */
interface FieldRow {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly notes: string;
}

interface JsonSchema {
  readonly $ref?: string;
  readonly $defs?: Record<string, JsonSchema>;
  readonly type?: string | readonly string[];
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
  readonly format?: string;
  readonly items?: JsonSchema;
  readonly anyOf?: readonly JsonSchema[];
  readonly properties?: Record<string, JsonSchema>;
  readonly required?: readonly string[];
  readonly description?: string;
  readonly maxLength?: number;
}

/**
 * The members of a zod object schema, read from the same JSON Schema the OpenAPI document and
 * the MCP output schemas come from, so the guide's field tables follow the code.
 */
function fieldRows(schema: z.ZodType): FieldRow[] {
  const root = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  const body = resolve(root, root);
  const required = new Set(body.required ?? []);
  return Object.entries(body.properties ?? {}).map(([name, member]) => ({
    name,
    type: typeName(member),
    required: required.has(name),
    notes: member.description ?? '',
  }));
}

function resolve(root: JsonSchema, schema: JsonSchema): JsonSchema {
  const name = schema.$ref?.replace('#/$defs/', '');
  return name === undefined ? schema : (root.$defs?.[name] ?? schema);
}

function typeName(schema: JsonSchema): string {
  if (schema.$ref !== undefined) return schema.$ref.replace('#/$defs/', '');
  if (schema.anyOf !== undefined) return schema.anyOf.map(typeName).join(' or ');
  if (schema.const !== undefined) {
    const integer = typeof schema.const === 'number' && Number.isInteger(schema.const);
    return `${integer ? 'integer' : String(schema.type)}, constant ${JSON.stringify(schema.const)}`;
  }
  if (schema.enum !== undefined)
    return `one of ${schema.enum.map((v) => `\`${String(v)}\``).join(', ')}`;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'any'];
  return types
    .map((type) => {
      if (type === 'array')
        return `array of ${schema.items === undefined ? 'any' : typeName(schema.items)}`;
      if (type === 'string' && schema.format !== undefined) return `string (${schema.format})`;
      return type;
    })
    .join(' or ');
}

/** A Markdown table of the members of `schema`; cells are escaped by `cell`. */
export function fieldTable(schema: z.ZodType, cell: (text: string) => string): string {
  const rows = fieldRows(schema).map(
    (row) =>
      `| \`${row.name}\` | ${cell(row.type)} | ${row.required ? 'yes' : 'no'} | ${cell(row.notes)} |`,
  );
  return ['| Field | Type | Required | Notes |', '| --- | --- | --- | --- |', ...rows].join('\n');
}
