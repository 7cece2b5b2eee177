import type {
  CompleteArgument,
  GetCatalogOverview,
  GetReview,
  GetTool,
  ListTools,
  LivePublication,
  RequestQuota,
  SearchTools,
} from '@reviews/application';
import {
  createHttpApp,
  negotiatedEncoding,
  ReadValidator,
  requestCharger,
  requestSteps,
  routeBeforeApp,
} from '@reviews/adapters-http';
import { createOpenApiDocument } from '@reviews/adapters-http/testing';
import { MCP_PATH, mcpEndpoint, mcpMethodsFor } from '@reviews/adapters-mcp';
import {
  aServiceProfile,
  readUseCasesOver,
  RecordingLogger,
  unlimitedQuota,
} from '@reviews/application/testing';
import type { CatalogDocument } from '@reviews/domain';
import { onLoopback } from '@reviews/http-common/testing';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  OpenApiConformance,
  type OpenApiDocumentShape,
} from '../../../../../packages/adapters-http/test/support/openapi-conformance.js';

export const testProfile = aServiceProfile();

export interface RunningApp {
  readonly url: string;
  readonly mcpUrl: string;
  /** Stops the server; rejects when a REST response broke the OpenAPI document. */
  close(): Promise<void>;
}

/**
 * The real HTTP app of the service (`createHttpApp`: CORS, compression, REST routes, JSON 404,
 * error handler) with the MCP router mounted and `POST /mcp` answered before it, the way the
 * server does, over a real port.
 */
export async function startRestAndMcp(
  catalog: CatalogDocument,
  options: { quota?: RequestQuota; allowedOrigins?: readonly string[] } = {},
): Promise<RunningApp> {
  const cases = readUseCasesOver(catalog, { publicationId: 'parity', profile: testProfile });
  const app = restAndMcpApp(cases, {
    quota: options.quota ?? unlimitedQuota,
    logger: new RecordingLogger(),
    mcp: { allowedOrigins: options.allowedOrigins ?? [] },
  });
  const server = createServer(app).listen(0, '127.0.0.1');
  const document = createOpenApiDocument({
    baseUrl: testProfile.baseUrl,
    serviceName: 'Test reviews',
    rights: testProfile.rights,
  }) as unknown as OpenApiDocumentShape;
  const conformance = new OpenApiConformance(document).watch(server);
  const running = await onLoopback(server);
  return {
    url: running.url,
    mcpUrl: `${running.url}/mcp`,
    close: () => running.close().then(() => conformance.assertConforms()),
  };
}

/**
 * The request handler `startRestAndMcp` serves: `createHttpApp` with the MCP router mounted and
 * `POST /mcp` answered before it as the server does, over `cases`; `mcp` adds or overrides MCP
 * endpoint options.
 */
export function restAndMcpApp(
  cases: {
    live: LivePublication;
    searchTools: SearchTools;
    getTool: GetTool;
    getReview: GetReview;
    listTools: ListTools;
    completeArgument: CompleteArgument;
    getOverview: GetCatalogOverview;
  },
  options: {
    quota: RequestQuota;
    logger: RecordingLogger;
    mcp?: Partial<Parameters<typeof mcpEndpoint>[0]>;
  },
) {
  const { live, searchTools, getTool, getReview, listTools, completeArgument, getOverview } = cases;
  const { quota, logger } = options;
  const endpoint = mcpEndpoint({
    searchTools,
    getTool,
    getReview,
    listTools,
    completeArgument,
    getOverview,
    charge: requestCharger(quota),
    encodingOf: negotiatedEncoding,
    baseUrl: testProfile.baseUrl,
    logger,
    ...options.mcp,
  });
  const steps = requestSteps({
    accessLogger: logger,
    methodsFor: mcpMethodsFor,
    ownCorsPaths: [MCP_PATH],
  });
  const app = createHttpApp({
    logger,
    steps,
    trustProxy: false,
    tools: { searchTools, getTool, quota, validator: new ReadValidator(live, testProfile) },
    readiness: [],
    routers: [endpoint.router],
  });
  const beforeApp = routeBeforeApp(steps, 'POST', MCP_PATH, endpoint.post);
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (!beforeApp(req, res)) app(req, res);
  };
}
