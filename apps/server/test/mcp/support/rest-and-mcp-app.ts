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
} from '@reviews/adapters-http';
import { createOpenApiDocument } from '@reviews/adapters-http/testing';
import { MCP_PATH, mcpMethodsFor, mcpRoutes } from '@reviews/adapters-mcp';
import {
  aServiceProfile,
  readUseCasesOver,
  RecordingLogger,
  unlimitedQuota,
} from '@reviews/application/testing';
import type { CatalogDocument } from '@reviews/domain';
import { onLoopback } from '@reviews/http-common/testing';
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
 * error handler) with the MCP router mounted the way the server mounts it, over a real port.
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
  const server = app.listen(0, '127.0.0.1');
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
 * The Express app `startRestAndMcp` serves: `createHttpApp` with the MCP router mounted as the
 * server mounts it, over `cases`; `mcp` adds or overrides MCP router options.
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
    mcp?: Partial<Parameters<typeof mcpRoutes>[0]>;
  },
) {
  const { live, searchTools, getTool, getReview, listTools, completeArgument, getOverview } = cases;
  const { quota, logger } = options;
  return createHttpApp({
    logger,
    trustProxy: false,
    tools: { searchTools, getTool, quota, validator: new ReadValidator(live, testProfile) },
    readiness: [],
    routers: [
      mcpRoutes({
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
      }),
    ],
    methodsFor: mcpMethodsFor,
    ownCorsPaths: [MCP_PATH],
  });
}
