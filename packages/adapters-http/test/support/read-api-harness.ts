import {
  GetTool,
  LivePublication,
  RateLimitedQuota,
  SearchTools,
  unlimitedQuota,
  type RequestQuota,
  type ServiceProfile,
  type Logger,
} from '@reviews/application';
import { aServiceProfile, CountingRateLimiter, SettableClock } from '@reviews/application/testing';
import { Publication, type Tool } from '@reviews/domain';
import { aCatalog } from '@reviews/domain/testing';
import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  cachedReads,
  createHttpApp,
  createHttpServer,
  createOpenApiDocument,
  ReadResponseCache,
  ReadValidator,
} from '../../src/index.js';
import type { TrustProxy } from '../../src/app/create-http-app.js';
import type { HttpServerLimits } from '../../src/server/create-http-server.js';
import { OpenApiConformance, type OpenApiDocumentShape } from './openapi-conformance.js';

/** The OpenAPI document every response of the test servers is checked against. */
export function testOpenApiConformance(): OpenApiConformance {
  const document = createOpenApiDocument({
    baseUrl: testProfile.baseUrl,
    serviceName: 'Test reviews',
    rights: testProfile.rights,
  });
  return new OpenApiConformance(document as unknown as OpenApiDocumentShape);
}

export const testProfile: ServiceProfile = aServiceProfile();

/** Collects log lines so tests can assert what was (not) logged. */
export class RecordingLogger implements Logger {
  readonly lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
  info(fields: Record<string, unknown>, message: string): void {
    this.lines.push({ level: 'info', fields, message });
  }
  warn(fields: Record<string, unknown>, message: string): void {
    this.lines.push({ level: 'warn', fields, message });
  }
  error(fields: Record<string, unknown>, message: string): void {
    this.lines.push({ level: 'error', fields, message });
  }
}

/** SearchTools that counts its executions, to prove which requests ran no search at all. */
class CountingSearchTools extends SearchTools {
  executions = 0;
  override execute(
    input: Parameters<SearchTools['execute']>[0],
  ): ReturnType<SearchTools['execute']> {
    this.executions++;
    return super.execute(input);
  }
}

class CountingGetTool extends GetTool {
  executions = 0;
  override execute(input: Parameters<GetTool['execute']>[0]): ReturnType<GetTool['execute']> {
    this.executions++;
    return super.execute(input);
  }
}

export interface RunningReadApi {
  readonly url: string;
  readonly live: LivePublication;
  readonly logger: RecordingLogger;
  /** Every response this server sent, checked against the OpenAPI document. */
  readonly conformance: OpenApiConformance;
  /** How many times each use case ran since the start. */
  readonly executions: () => { search: number; detail: number };
  readonly server: Server;
  /** The cache of the fast path (with `cachedReads`). */
  readonly cache: ReadResponseCache | undefined;
  /** Stops the server; rejects when any response broke the OpenAPI document. */
  close(): Promise<void>;
}

/** The read API over a real port, on a publication made of `tools` (or none at all). */
export async function startReadApi(
  tools: readonly Tool[] | undefined,
  options: {
    quota?: RequestQuota;
    limits?: HttpServerLimits;
    /** Share a publication with another test server. */
    live?: LivePublication;
    /** Answer cached reads before Express, as the service does. */
    cachedReads?: boolean;
    /** Express's `trust proxy` (default: none). */
    trustProxy?: TrustProxy;
  } = {},
): Promise<RunningReadApi> {
  const live = options.live ?? new LivePublication();
  if (tools !== undefined)
    live.replace(Publication.publish('test-publication', aCatalog(...tools)));
  const logger = new RecordingLogger();
  const searchTools = new CountingSearchTools(live, testProfile);
  const getTool = new CountingGetTool(live, testProfile);
  const quota = options.quota ?? unlimitedQuota;
  const validator = new ReadValidator(live, testProfile);
  const cache = options.cachedReads === true ? new ReadResponseCache() : undefined;
  const trustProxy = options.trustProxy ?? false;
  const app = createHttpApp({
    logger,
    trustProxy,
    tools: { searchTools, getTool, quota, validator, ...(cache === undefined ? {} : { cache }) },
    readiness: [{ name: 'catalog', isReady: () => Promise.resolve(live.current() !== undefined) }],
  });
  // As the service runs it: cached reads first, then Express.
  const fast =
    cache === undefined ? undefined : cachedReads({ cache, validator, quota, logger, trustProxy });
  const handler: RequestListener =
    fast === undefined
      ? app
      : (req, res) => {
          if (!fast(req, res)) app(req, res);
        };
  // With limits: the bounded server the service runs; without: Node's plain one.
  const server: Server =
    options.limits === undefined
      ? createServer(handler).listen(0, '127.0.0.1')
      : createHttpServer(handler, options.limits).listen(0, '127.0.0.1');
  const conformance = testOpenApiConformance().watch(server);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    live,
    logger,
    conformance,
    executions: () => ({ search: searchTools.executions, detail: getTool.executions }),
    server,
    cache,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => conformance.assertConforms()),
  };
}

/** `api` and `search` buckets of the given sizes per minute, on a clock that stands still. */
export function limitedQuota(api: number, search: number): RateLimitedQuota {
  const clock = new SettableClock(new Date('2026-11-20T10:00:00Z'));
  return new RateLimitedQuota(
    new CountingRateLimiter(clock, {
      api: { points: api, windowSeconds: 60 },
      search: { points: search, windowSeconds: 60 },
    }),
  );
}
