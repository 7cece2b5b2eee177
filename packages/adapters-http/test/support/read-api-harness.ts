import { type LivePublication, type RequestQuota } from '@reviews/application';
import {
  aServiceProfile,
  readUseCasesOver,
  RecordingLogger,
  unlimitedQuota,
} from '@reviews/application/testing';
import type { Tool } from '@reviews/domain';
import { aCatalog } from '@reviews/domain/testing';
import { onLoopback } from '@reviews/http-common/testing';
import type { Server } from 'node:http';
import { createHttpApp, createHttpServer, ReadValidator } from '../../src/index.js';
import { createOpenApiDocument } from '../../src/testing/index.js';
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

export const testProfile = aServiceProfile();

export interface RunningReadApi {
  readonly url: string;
  readonly live: LivePublication;
  readonly logger: RecordingLogger;
  /** Every response this server sent, checked against the OpenAPI document. */
  readonly conformance: OpenApiConformance;
  /** How many times each use case ran since the start. */
  readonly executions: () => { search: number; detail: number };
  readonly server: Server;
  /** Stops the server; rejects when any response broke the OpenAPI document. */
  close(): Promise<void>;
}

/** The read API over a real port, on a publication made of `tools` (or none at all). */
export async function startReadApi(
  tools: readonly Tool[] | undefined,
  options: { quota?: RequestQuota; limits?: HttpServerLimits } = {},
): Promise<RunningReadApi> {
  const { live, searchTools, getTool } = readUseCasesOver(
    tools === undefined ? undefined : aCatalog(...tools),
    { profile: testProfile },
  );
  const logger = new RecordingLogger();
  const app = createHttpApp({
    logger,
    trustProxy: false,
    tools: {
      searchTools,
      getTool,
      quota: options.quota ?? unlimitedQuota,
      validator: new ReadValidator(live, testProfile),
    },
    readiness: [{ name: 'catalog', isReady: () => Promise.resolve(live.current() !== undefined) }],
  });
  // With limits: the bounded server the service runs; without: Express's plain one.
  const server: Server =
    options.limits === undefined
      ? app.listen(0, '127.0.0.1')
      : createHttpServer(app, options.limits).listen(0, '127.0.0.1');
  const conformance = testOpenApiConformance().watch(server);
  const running = await onLoopback(server);
  return {
    url: running.url,
    live,
    logger,
    conformance,
    executions: () => ({ search: searchTools.executions, detail: getTool.executions }),
    server,
    close: () => running.close().then(() => conformance.assertConforms()),
  };
}
