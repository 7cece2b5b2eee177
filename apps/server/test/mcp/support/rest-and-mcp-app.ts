import {
  GetTool,
  LivePublication,
  SearchTools,
  unlimitedQuota,
  type RequestQuota,
  type ServiceProfile,
  type Logger,
} from '@reviews/application';
import {
  clientKey,
  createHttpApp,
  createOpenApiDocument,
  ReadValidator,
} from '@reviews/adapters-http';
import { MCP_PATH, mcpMethodsFor, mcpRoutes } from '@reviews/adapters-mcp';
import { aServiceProfile } from '@reviews/application/testing';
import { Publication, type CatalogDocument } from '@reviews/domain';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  OpenApiConformance,
  type OpenApiDocumentShape,
} from '../../../../../packages/adapters-http/test/support/openapi-conformance.js';

export const testProfile: ServiceProfile = aServiceProfile();

const silentLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

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
  const live = new LivePublication();
  live.replace(Publication.publish('parity', catalog));
  const searchTools = new SearchTools(live, testProfile);
  const getTool = new GetTool(live, testProfile);
  const quota = options.quota ?? unlimitedQuota;
  const app = createHttpApp({
    logger: silentLogger,
    trustProxy: false,
    tools: { searchTools, getTool, quota, validator: new ReadValidator(live, testProfile) },
    readiness: [],
    routers: [
      mcpRoutes({
        searchTools,
        getTool,
        quota,
        clientKeyOf: clientKey,
        baseUrl: testProfile.baseUrl,
        logger: silentLogger,
        allowedOrigins: options.allowedOrigins ?? [],
      }),
    ],
    methodsFor: mcpMethodsFor,
    ownCorsPaths: [MCP_PATH],
  });
  const server: Server = app.listen(0, '127.0.0.1');
  const document = createOpenApiDocument({
    baseUrl: testProfile.baseUrl,
    serviceName: 'Test reviews',
    rights: testProfile.rights,
  }) as unknown as OpenApiDocumentShape;
  const conformance = new OpenApiConformance(document).watch(server);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    mcpUrl: `${url}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => conformance.assertConforms()),
  };
}
