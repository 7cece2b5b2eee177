import { html, type SafeHtml } from '../html/escape-html.js';
import { inline, typeOf, type Schema } from './api-reference-schema.js';
import { renderPage } from '../html/page-layout.js';
import { DOCUMENT_PATHS as P } from './document-paths.js';

/** The parts of an OpenAPI 3.1 document the reference page shows (the document is plain JSON). */
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
