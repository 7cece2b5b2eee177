import { RateLimitedQuota, type LivePublication, type RequestQuota } from '@reviews/application';
import {
  aServiceProfile,
  CountingRateLimiter,
  readUseCasesOver,
  RecordingLogger,
  SettableClock,
  unlimitedQuota,
} from '@reviews/application/testing';
import type { Tool } from '@reviews/domain';
import { aCatalog } from '@reviews/domain/testing';
import { onLoopback } from '@reviews/http-common/testing';
import { createServer, type RequestListener, type Server } from 'node:http';
import {
  cachedReadPath,
  createHttpApp,
  requestSteps,
  createHttpServer,
  ReadAnswerCache,
  ReadValidator,
} from '../../src/index.js';
import type { TrustProxy } from '../../src/app/create-http-app.js';
import type { HttpServerLimits } from '../../src/server/create-http-server.js';
import { createOpenApiDocument } from '../../src/testing/index.js';
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

export const testProfile = aServiceProfile();

export interface RunningReadApi {
  readonly url: string;
  readonly live: LivePublication;
  readonly logger: RecordingLogger;
  /** Every response this server sent, checked against the OpenAPI document. */
  readonly conformance: OpenApiConformance;
  /** How many times each use case ran since the start. */
  readonly executions: () => { search: number; detail: number };
  /** How many requests the fast path handed to Express (with `cachedReadPath`). */
  readonly viaExpress: () => number;
  readonly server: Server;
  /** The cache of the fast path (with `cachedReadPath`). */
  readonly cache: ReadAnswerCache | undefined;
  /** Stops the server; rejects when any response broke the OpenAPI document. */
  close(): Promise<void>;
}

/** The read API over a real port, on a publication made of `tools` (or none at all). */
export async function startReadApi(
  tools: readonly Tool[] | undefined,
  options: {
    quota?: RequestQuota;
    /** The bounded server's limits; its proxies are `trustProxy`, as Express's. */
    limits?: Omit<HttpServerLimits, 'trustProxy'>;
    /** Share a publication with another test server. */
    live?: LivePublication;
    /** Answer cached reads and searches before Express, as the service does. */
    cachedReadPath?: boolean;
    /** Express's `trust proxy` (default: none). */
    trustProxy?: TrustProxy;
  } = {},
): Promise<RunningReadApi> {
  const { live, searchTools, getTool } = readUseCasesOver(
    tools === undefined ? undefined : aCatalog(...tools),
    { profile: testProfile, ...(options.live === undefined ? {} : { live: options.live }) },
  );
  const logger = new RecordingLogger();
  const quota = options.quota ?? unlimitedQuota;
  const validator = new ReadValidator(live, testProfile);
  const cache = options.cachedReadPath === true ? new ReadAnswerCache() : undefined;
  const trustProxy = options.trustProxy ?? false;
  const app = createHttpApp({
    logger,
    steps: requestSteps({ accessLogger: logger }),
    trustProxy,
    tools: { searchTools, getTool, quota, validator, ...(cache === undefined ? {} : { cache }) },
    readiness: [{ name: 'catalog', isReady: () => Promise.resolve(live.current() !== undefined) }],
  });
  // As the service runs it: cached reads and searches first, then Express.
  let viaExpress = 0;
  const fast =
    cache === undefined
      ? undefined
      : cachedReadPath({ cache, validator, quota, logger, trustProxy, searchTools });
  const handler: RequestListener =
    fast === undefined
      ? app
      : (req, res) => {
          if (fast(req, res)) return;
          viaExpress++;
          app(req, res);
        };
  // With limits: the bounded server the service runs; without: Node's plain one.
  const server: Server =
    options.limits === undefined
      ? createServer(handler).listen(0, '127.0.0.1')
      : createHttpServer(handler, { ...options.limits, trustProxy }, logger).listen(0, '127.0.0.1');
  const conformance = testOpenApiConformance().watch(server);
  const running = await onLoopback(server);
  return {
    url: running.url,
    live,
    logger,
    conformance,
    executions: () => ({ search: searchTools.executions, detail: getTool.executions }),
    viaExpress: () => viaExpress,
    server,
    cache,
    close: () => running.close().then(() => conformance.assertConforms()),
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
