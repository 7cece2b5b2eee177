import { createOpenApiDocument } from '@reviews/adapters-http/testing';
import {
  OpenApiConformance,
  type OpenApiDocumentShape,
} from '../../../../packages/adapters-http/test/support/openapi-conformance.js';
import { loadConfig, type ServerConfig } from '@reviews/service-common';
import { serviceProfile } from '../../src/container/catalog.bindings.js';
import { serviceFacts } from '../../src/container/http.bindings.js';
import { createLogger } from '../../src/logging/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';

export type CheckedServer = RunningServer & { readonly conformance: OpenApiConformance };

/**
 * Watches every response of a started server against the OpenAPI document it serves (built from
 * the same facts, from the server's `config`); `close()` then rejects when any of them broke it.
 */
export function withOpenApiCheck(server: RunningServer, config: ServerConfig): CheckedServer {
  const facts = serviceFacts(config, serviceProfile(config));
  const document = createOpenApiDocument(facts) as unknown as OpenApiDocumentShape;
  const conformance = new OpenApiConformance(document).watch(server.server);
  return {
    ...server,
    conformance,
    close: async () => {
      await server.close();
      conformance.assertConforms();
    },
  };
}

/** The whole service on a loopback port over `dataDir` (default configuration), checked as above. */
export async function startCheckedServer(dataDir: string): Promise<CheckedServer> {
  const config = loadConfig({
    PORT: '0',
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: 'https://reviews.test',
    DATA_DIR: dataDir,
  });
  return withOpenApiCheck(await startServer(config, createLogger('silent')), config);
}
