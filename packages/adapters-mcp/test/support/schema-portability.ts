/**
 * The tool-schema portability rules of the MCP Inspector (`@modelcontextprotocol/inspector` 2.12.0,
 * `core/json/schemaLint.ts`, which `--cli --method tools/list` runs on every listing and prints in
 * full with `--strict`), written again here so that `pnpm test` holds our `tools/list` to them
 * without the Inspector (it needs Node 22). Each tool's `inputSchema` and `outputSchema` is walked
 * through every subschema position; the rules, by the Inspector's names:
 *
 * - `boolean-schema` (error): a bare `true` or `false` where a schema object is expected; the
 *   keywords whose value may be a boolean (`additionalProperties`, `unevaluatedProperties`,
 *   `additionalItems`, `unevaluatedItems`) are exempt.
 * - `type-union` (warning): `type` given as an array of type names.
 * - `remote-ref` (warning): a `$ref` that does not start with `#`, in a schema declaring no `$id`.
 * - `untyped-schema` (warning): a schema object with no keyword that constrains a value (type,
 *   enum, const, a bound, a format, an applicator, a `$ref`, or an `if` with `then`/`else`), such
 *   as the `{}` zod writes for an open object's `additionalProperties`. Not under `not`.
 */
export interface PortabilityFinding {
  readonly tool: string;
  readonly rule: 'boolean-schema' | 'type-union' | 'remote-ref' | 'untyped-schema';
  readonly severity: 'error' | 'warning';
  /** `outputSchema.properties.items.additionalProperties`, as the Inspector prints it. */
  readonly path: string;
}

const BOOLEAN_VALUED = new Set([
  'additionalProperties',
  'unevaluatedProperties',
  'additionalItems',
  'unevaluatedItems',
]);
/** Keywords whose value is one subschema (`items` may also be an array of them). */
const ONE_SUBSCHEMA = [
  'items',
  'contains',
  'not',
  'propertyNames',
  'if',
  'then',
  'else',
  'additionalProperties',
  'unevaluatedProperties',
  'additionalItems',
  'unevaluatedItems',
  'contentSchema',
];
const ARRAY_OF_SUBSCHEMAS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAP_OF_SUBSCHEMAS = [
  'properties',
  'patternProperties',
  'dependentSchemas',
  'dependencies',
  '$defs',
  'definitions',
];
/** Keywords that constrain a value; a schema with none of them accepts anything. */
const CONSTRAINING = new Set([
  ...['type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum'],
  ...['exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'format', 'contentMediaType'],
  ...['contentEncoding', 'contentSchema', 'maxItems', 'minItems', 'uniqueItems', 'maxContains'],
  ...['minContains', 'maxProperties', 'minProperties', 'required', 'dependentRequired'],
  ...['allOf', 'anyOf', 'oneOf', 'not', 'items', 'prefixItems', 'contains', 'additionalItems'],
  ...['unevaluatedItems', 'properties', 'patternProperties', 'additionalProperties'],
  ...['unevaluatedProperties', 'propertyNames', 'dependentSchemas', 'dependencies'],
  ...['$ref', '$dynamicRef', '$recursiveRef'],
]);
const TYPE_NAMES = new Set(['null', 'boolean', 'object', 'array', 'number', 'string', 'integer']);

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const child = (path: string, key: string): string =>
  /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

function declaresId(node: unknown): boolean {
  if (!isNode(node)) return false;
  if (typeof node['$id'] === 'string' && node['$id'] !== '') return true;
  let found = false;
  eachSubschema(node, '', (sub) => {
    found ||= declaresId(sub);
  });
  return found;
}

function eachSubschema(
  node: Node,
  path: string,
  visit: (sub: unknown, path: string, keyword: string) => void,
): void {
  for (const key of MAP_OF_SUBSCHEMAS) {
    const map = node[key];
    if (!isNode(map)) continue;
    for (const [name, sub] of Object.entries(map)) visit(sub, child(child(path, key), name), key);
  }
  for (const key of ARRAY_OF_SUBSCHEMAS) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((sub, i) => visit(sub, `${child(path, key)}[${i}]`, key));
  }
  for (const key of ONE_SUBSCHEMA) {
    if (!(key in node)) continue;
    const value = node[key];
    if (key === 'items' && Array.isArray(value)) {
      value.forEach((sub, i) => visit(sub, `${child(path, key)}[${i}]`, key));
    } else {
      visit(value, child(path, key), key);
    }
  }
}

/** Every finding of the Inspector's rules on one tool's two schemas. */
export function portabilityFindings(tool: {
  readonly name: string;
  readonly inputSchema: unknown;
  readonly outputSchema?: unknown;
}): PortabilityFinding[] {
  const findings: PortabilityFinding[] = [];
  const lint = (schema: unknown, root: string): void => {
    const ids = declaresId(schema);
    const walk = (node: unknown, path: string, keyword: string | undefined): void => {
      const add = (rule: PortabilityFinding['rule'], severity: PortabilityFinding['severity']) =>
        findings.push({ tool: tool.name, rule, severity, path });
      if (typeof node === 'boolean') {
        if (keyword === undefined || !BOOLEAN_VALUED.has(keyword)) add('boolean-schema', 'error');
        return;
      }
      if (!isNode(node)) return;
      const type = node['type'];
      if (
        Array.isArray(type) &&
        type.length > 0 &&
        new Set(type).size === type.length &&
        type.every((t) => typeof t === 'string' && TYPE_NAMES.has(t))
      ) {
        add('type-union', 'warning');
      }
      const ref = node['$ref'];
      if (typeof ref === 'string' && ref !== '' && !ref.startsWith('#') && !ids) {
        add('remote-ref', 'warning');
      }
      const constrains =
        Object.keys(node).some((key) => CONSTRAINING.has(key)) ||
        ('if' in node && ('then' in node || 'else' in node));
      if (!constrains && keyword !== 'not') add('untyped-schema', 'warning');
      eachSubschema(node, path, walk);
    };
    walk(schema, root, undefined);
  };
  lint(tool.inputSchema, 'inputSchema');
  if (tool.outputSchema !== undefined) lint(tool.outputSchema, 'outputSchema');
  return findings;
}
