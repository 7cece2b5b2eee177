import { html, SafeHtml } from '../html/escape-html.js';
import { renderPage } from '../html/page-layout.js';
import { DOCUMENT_PATHS as P } from './document-paths.js';

/** The parts of an OpenAPI 3.1 document the reference page shows (the document is plain JSON). */
interface Schema {
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
interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly required?: boolean;
  readonly description?: string;
  readonly schema?: Schema;
}
interface Header {
  readonly required?: boolean;
  readonly description?: string;
  readonly schema?: Schema;
}
interface Response {
  readonly description: string;
  readonly headers?: Readonly<Record<string, Header>>;
  readonly content?: Readonly<Record<string, { readonly schema?: Schema }>>;
}
interface Operation {
  readonly operationId?: string;
  readonly tags?: readonly string[];
  readonly summary?: string;
  readonly description?: string;
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: {
    readonly required?: boolean;
    readonly content: Readonly<Record<string, { readonly schema?: Schema }>>;
  };
  readonly responses: Readonly<Record<string, Response>>;
}
export interface ReferenceDocument {
  readonly openapi: string;
  readonly info: {
    readonly title: string;
    readonly version: string;
    readonly description?: string;
  };
  readonly servers?: ReadonlyArray<{ readonly url: string }>;
  readonly tags?: ReadonlyArray<{ readonly name: string; readonly description?: string }>;
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>;
  readonly components?: { readonly schemas?: Readonly<Record<string, Schema>> };
}

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'] as const;

/**
 * `/docs`: the API reference for people, rendered on the server from the OpenAPI document (the
 * one `/api/v1/openapi.json` serves) in the site's layout: no script, the site's dark mode, and
 * one column that reads on a phone. Operations by tag, each with its parameters, body and
 * responses (status, headers, body); then every schema with its members.
 */
export function apiReferencePage(siteName: string, doc: ReferenceDocument): string {
  const operations = METHODS.flatMap((method) =>
    Object.entries(doc.paths).flatMap(([path, item]) => {
      const operation = item[method];
      return operation === undefined ? [] : [{ method, path, operation }];
    }),
  );
  const tags = doc.tags ?? [];
  const schemas = Object.entries(doc.components?.schemas ?? {});
  const body = html`<p class="lead">${inline(doc.info.description ?? '')}</p>
    <dl class="facts card">
      <dt>Base address</dt>
      <dd><code>${doc.servers?.[0]?.url ?? ''}</code></dd>
      <dt>Version</dt>
      <dd>${doc.info.version} (OpenAPI ${doc.openapi})</dd>
      <dt>Machine-readable</dt>
      <dd>
        <a href="${P.openApi}">the OpenAPI document</a> ·
        <a href="${P.developerGuide}">the developer guide</a> (Markdown)
      </dd>
    </dl>
    <nav aria-labelledby="contents-heading">
      <h2 id="contents-heading">Contents</h2>
      <ul>
        ${tags.map(
          (tag) =>
            html`<li>
              <a href="#tag-${tag.name}">${tag.name}</a>
              <ul>
                ${operations
                  .filter(({ operation }) => operation.tags?.includes(tag.name))
                  .map(
                    ({ method, path, operation }) =>
                      html`<li>
                        <a href="#${operation.operationId ?? ''}"
                          ><code>${method.toUpperCase()} ${path}</code></a
                        >
                      </li>`,
                  )}
              </ul>
            </li>`,
        )}
        <li><a href="#schemas">Schemas</a></li>
      </ul>
    </nav>
    ${tags.map(
      (tag) =>
        html`<section class="operations" aria-labelledby="tag-${tag.name}">
          <h2 id="tag-${tag.name}">${tag.name}</h2>
          <p>${inline(tag.description ?? '')}</p>
          ${operations
            .filter(({ operation }) => operation.tags?.includes(tag.name))
            .map(({ method, path, operation }) => operationSection(method, path, operation))}
        </section>`,
    )}
    <section aria-labelledby="schemas">
      <h2 id="schemas">Schemas</h2>
      ${schemas.map(
        ([name, schema]) =>
          html`<section class="card" aria-labelledby="schema-${name}">
            <h3 id="schema-${name}">${name}</h3>
            ${schema.description === undefined ? '' : html`<p>${inline(schema.description)}</p>`}
            ${membersTable(schema, `Members of ${name}`)}
          </section>`,
      )}
    </section>`;
  return renderPage({
    title: 'API reference',
    siteName,
    body,
    current: 'api',
    description: `The REST API of ${siteName}: operations, parameters, responses and schemas.`,
  });
}

function operationSection(method: string, path: string, operation: Operation): SafeHtml {
  const id = operation.operationId ?? `${method}-${path}`;
  const parameters = operation.parameters ?? [];
  const requestBody = operation.requestBody;
  return html`<section class="card operation" aria-labelledby="${id}">
    <h3 id="${id}"><code>${method.toUpperCase()} ${path}</code></h3>
    <p><strong>${operation.summary ?? ''}</strong> <span class="muted">(${id})</span></p>
    ${operation.description === undefined ? '' : html`<p>${inline(operation.description)}</p>`}
    ${
      parameters.length === 0
        ? ''
        : html`<h4>Parameters</h4>
            ${scrolling(
              `Parameters of ${id}`,
              html`<table>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">In</th>
                    <th scope="col">Type</th>
                    <th scope="col">Description</th>
                  </tr>
                </thead>
                <tbody>
                  ${parameters.map(
                    (p) =>
                      html`<tr>
                        <td><code>${p.name}</code>${p.required === true ? ' (required)' : ''}</td>
                        <td>${p.in}</td>
                        <td>${typeOf(p.schema)}</td>
                        <td>${inline(p.description ?? p.schema?.description ?? '')}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>`,
            )}`
    }
    ${
      requestBody === undefined
        ? ''
        : html`<h4>Request body${requestBody.required === true ? ' (required)' : ''}</h4>
            ${Object.entries(requestBody.content).map(
              ([mediaType, { schema }]) =>
                html`<p><code>${mediaType}</code></p>
                  ${schema?.properties === undefined ? html`<p>${typeOf(schema)}</p>` : membersTable(schema, `Members of the body of ${id}`)}`,
            )}`
    }
    <h4>Responses</h4>
    ${scrolling(
      `Responses of ${id}`,
      html`<table>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Meaning</th>
            <th scope="col">Body</th>
            <th scope="col">Headers</th>
          </tr>
        </thead>
        <tbody>
          ${Object.entries(operation.responses).map(
            ([status, response]) =>
              html`<tr>
                <td>${status}</td>
                <td>${inline(response.description)}</td>
                <td>
                  ${Object.entries(response.content ?? {}).map(
                    ([mediaType, { schema }]) => html`${typeOf(schema)} <code>${mediaType}</code>`,
                  )}
                </td>
                <td>${headerList(response.headers ?? {})}</td>
              </tr>`,
          )}
        </tbody>
      </table>`,
    )}
  </section>`;
}

function headerList(headers: Readonly<Record<string, Header>>): SafeHtml {
  const names = Object.entries(headers);
  if (names.length === 0) return html``;
  return html`<ul class="plain-list">
    ${names.map(
      ([name, header]) =>
        html`<li>
          <code>${name}</code>${header.required === true ? '' : ' (optional)'}<span class="muted"
            >: ${inline(header.description ?? header.schema?.description ?? '')}</span
          >
        </li>`,
    )}
  </ul>`;
}

function membersTable(schema: Schema, label: string): SafeHtml {
  const required = new Set(schema.required ?? []);
  return scrolling(
    label,
    html`<table>
      <thead>
        <tr>
          <th scope="col">Member</th>
          <th scope="col">Type</th>
          <th scope="col">Description</th>
        </tr>
      </thead>
      <tbody>
        ${Object.entries(schema.properties ?? {}).map(
          ([name, member]) =>
            html`<tr>
              <td><code>${name}</code>${required.has(name) ? '' : ' (optional)'}</td>
              <td>${typeOf(member)}</td>
              <td>${inline(member.description ?? '')}</td>
            </tr>`,
        )}
      </tbody>
    </table>`,
  );
}

/**
 * A table that scrolls sideways on its own when the screen is narrower than it, so the page does
 * not: a named region that takes the keyboard focus, to be scrolled without a pointer.
 */
function scrolling(label: string, table: SafeHtml): SafeHtml {
  return html`<div class="table-scroll" role="region" aria-label="${label}" tabindex="0">
    ${table}
  </div>`;
}

/** A schema's type as a reader wants it: a link for a named schema, and the value's rules. */
function typeOf(schema: Schema | undefined): SafeHtml {
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
function inline(text: string): SafeHtml {
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
