import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

interface MediaType {
  readonly schema?: object;
}
interface HeaderObject {
  readonly required?: boolean;
  readonly schema?: object;
}
interface ResponseObject {
  readonly headers?: Record<string, HeaderObject>;
  readonly content?: Record<string, MediaType>;
}
interface Operation {
  readonly responses: Record<string, ResponseObject>;
}
/** The parts of an OpenAPI 3.1 document the checker reads. */
export interface OpenApiDocumentShape {
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components?: object;
}

/** One response as it left the server (body decoded from its Content-Encoding). */
export interface SeenResponse {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly headers: Record<string, string | undefined>;
  readonly body: Buffer;
}

const DOC_ID = 'openapi.json';
const pointer = (...parts: string[]): string =>
  `${DOC_ID}#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/**
 * Checks responses against the OpenAPI document: for a documented path, the status must be
 * declared, the media type too, the body must validate against its schema, and every declared
 * header must be present when required and match its schema when present. Responses of paths
 * the document does not describe (pages, MCP, health) are counted but not judged.
 */
export class OpenApiConformance {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: ReadonlyArray<{ template: string; pattern: RegExp }>;
  private readonly failures: string[] = [];
  private judged = 0;

  constructor(private readonly document: OpenApiDocumentShape) {
    addFormats.default(this.ajv);
    this.ajv.addSchema({ ...document, $id: DOC_ID } as object);
    this.templates = Object.keys(document.paths).map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }));
  }

  /** How many responses were judged against a documented operation. */
  get checkedCount(): number {
    return this.judged;
  }

  get violations(): readonly string[] {
    return this.failures;
  }

  /** Records every response `server` sends from now on, and checks it once it is finished. */
  watch(server: Server): this {
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      const keep = (chunk: unknown, encoding?: unknown) => {
        if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
        chunks.push(
          Buffer.isBuffer(chunk)
            ? chunk
            : Buffer.from(
                chunk as string,
                typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
              ),
        );
      };
      const write = res.write.bind(res);
      const end = res.end.bind(res);
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        keep(chunk, rest[0]);
        return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
      }) as typeof res.write;
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        keep(chunk, rest[0]);
        return (end as (...args: unknown[]) => ServerResponse)(chunk, ...rest);
      }) as typeof res.end;
      res.once('finish', () => {
        const headers = sentHeaders(res);
        const raw = Buffer.concat(chunks);
        this.check({
          method: req.method ?? 'GET',
          path: new URL(req.url ?? '/', 'http://x').pathname,
          status: res.statusCode,
          headers,
          body: raw.length === 0 ? raw : decode(raw, headers['content-encoding']),
        });
      });
    });
    return this;
  }

  /** Judges one response; returns (and records) what is wrong with it. */
  check(seen: SeenResponse): string[] {
    const found = this.templates.find(({ pattern }) => pattern.test(seen.path));
    if (found === undefined || seen.method === 'OPTIONS') return [];
    const operations = this.document.paths[found.template]!;
    const method = seen.method.toLowerCase();
    const status = String(seen.status);
    const where = `${seen.method} ${seen.path} → ${status}`;
    // A method the path does not take is answered 405: judge it by the 405 the path declares.
    // Other methods on a documented path (the signup form's GET) are not part of the API.
    let opKey: string | undefined = method;
    if (operations[method] === undefined) {
      if (status !== '405') return [];
      opKey = Object.keys(operations).find((m) => operations[m]!.responses[status] !== undefined);
    }
    this.judged++;
    const problems: string[] = [];
    const response = opKey === undefined ? undefined : operations[opKey]!.responses[status];
    if (opKey === undefined || response === undefined) {
      problems.push(`${where}: status not declared for this operation`);
    } else {
      const at = ['paths', found.template, opKey, 'responses', status];
      problems.push(...this.checkHeaders(where, at, response, seen));
      if (seen.method !== 'HEAD' && seen.body.length > 0)
        problems.push(...this.checkBody(where, at, response, seen));
    }
    this.failures.push(...problems);
    return problems;
  }

  private checkHeaders(
    where: string,
    at: string[],
    response: ResponseObject,
    seen: SeenResponse,
  ): string[] {
    const problems: string[] = [];
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      const value = seen.headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required === true) problems.push(`${where}: missing header ${name}`);
        continue;
      }
      if (header.schema !== undefined) {
        const valid = this.validator(pointer(...at, 'headers', name, 'schema'));
        if (!valid(value))
          problems.push(`${where}: header ${name}=${value} ${this.ajv.errorsText(valid.errors)}`);
      }
    }
    return problems;
  }

  private checkBody(
    where: string,
    at: string[],
    response: ResponseObject,
    seen: SeenResponse,
  ): string[] {
    const mediaType = (seen.headers['content-type'] ?? '').split(';')[0]!.trim();
    const declared = response.content?.[mediaType];
    if (declared === undefined) return [`${where}: media type "${mediaType}" not declared`];
    if (declared.schema === undefined) return [];
    let body: unknown;
    try {
      body = JSON.parse(seen.body.toString('utf8'));
    } catch {
      return [`${where}: body is not JSON`];
    }
    const valid = this.validator(pointer(...at, 'content', mediaType, 'schema'));
    return valid(body) ? [] : [`${where}: body ${this.ajv.errorsText(valid.errors)}`];
  }

  private validator(ref: string): ValidateFunction {
    let valid = this.compiled.get(ref);
    if (valid === undefined) {
      valid = this.ajv.compile({ $ref: ref });
      this.compiled.set(ref, valid);
    }
    return valid;
  }

  /** Throws with every violation seen so far (for a harness's `close()`). */
  assertConforms(): void {
    if (this.failures.length > 0)
      throw new Error(
        `Responses that break the OpenAPI document:\n${this.failures.map((f) => `- ${f}`).join('\n')}`,
      );
  }
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding) {
    case 'gzip':
      return gunzipSync(body);
    case 'br':
      return brotliDecompressSync(body);
    case 'deflate':
      return inflateSync(body);
    default:
      return body;
  }
}

/**
 * The headers `res` sent, from the head Node wrote (`_header`): a response may pass all its
 * headers to `writeHead` as a list, which `getHeaders()` never sees (the cached-read path does).
 */
function sentHeaders(res: ServerResponse): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  const head = (res as ServerResponse & { _header?: string | null })._header;
  if (typeof head !== 'string') {
    for (const [name, value] of Object.entries(res.getHeaders()))
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value?.toString();
    return headers;
  }
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return headers;
}
