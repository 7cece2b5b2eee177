import { html, SafeHtml } from '../html/escape-html.js';

/** A JSON Schema of the OpenAPI document, as far as the reference page shows it. */
export interface Schema {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly format?: string;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly items?: Schema;
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly description?: string;
  readonly default?: unknown;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
}

/** A schema's type as a reader wants it: a link for a named schema, and the value's rules. */
export function typeOf(schema: Schema | undefined): SafeHtml {
  if (schema === undefined) return html`any`;
  if (schema.$ref !== undefined) {
    const name = schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
    return html`<a href="#schema-${name}">${name}</a>`;
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives !== undefined)
    return joined(
      alternatives.map((alternative) => typeOf(alternative)),
      ' or ',
    );
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'any'];
  const named = types.map((type) =>
    type === 'array' ? html`array of ${typeOf(schema.items)}` : html`${type}`,
  );
  const rules = [
    schema.format === undefined ? undefined : `format ${schema.format}`,
    schema.const === undefined ? undefined : `always ${JSON.stringify(schema.const)}`,
    schema.enum === undefined
      ? undefined
      : `one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`,
    range('', schema.minimum, schema.maximum),
    range(' characters', schema.minLength, schema.maxLength),
    // A pattern longer than a line (a date's) says less than its format does.
    schema.pattern === undefined || schema.pattern.length > 40
      ? undefined
      : `pattern ${schema.pattern}`,
    schema.default === undefined ? undefined : `default ${JSON.stringify(schema.default)}`,
  ].filter((rule): rule is string => rule !== undefined);
  return html`${joined(named, ' or ')}${
    rules.length === 0 ? '' : html` <span class="muted">(${rules.join('; ')})</span>`
  }`;
}

function range(unit: string, min: number | undefined, max: number | undefined): string | undefined {
  if (min !== undefined && max !== undefined) return `${min} to ${max}${unit}`;
  if (min !== undefined) return `at least ${min}${unit}`;
  if (max !== undefined) return `at most ${max}${unit}`;
  return undefined;
}

function joined(parts: readonly SafeHtml[], separator: string): SafeHtml {
  return new SafeHtml(parts.map((part) => part.value).join(separator));
}

/**
 * The document's descriptions are CommonMark inline text (docs/api.md#for-agents-and-tools-the-machine-documents):
 * what they use of it, code spans and backslash escapes, is shown as such, everything else as text.
 */
export function inline(text: string): SafeHtml {
  const parts = text.split('`');
  // An odd count of backticks leaves the last one as text.
  if (parts.length % 2 === 0) return html`${unescapeMarkdown(text)}`;
  return joined(
    parts.map((part, index) =>
      index % 2 === 1 ? html`<code>${part}</code>` : html`${unescapeMarkdown(part)}`,
    ),
    '',
  );
}

function unescapeMarkdown(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}
