import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@reviews/service-common';
import { createLogger } from '../../src/logging/logger.js';
import { startServer } from '../../src/server.js';
import { withOpenApiCheck, type CheckedServer } from '../support/openapi-checked-server.js';

export const BASE = 'https://reviews.test';

/** The whole service on a free port, its addresses built from `BASE`, responses OpenAPI-checked. */
export async function startDocumentServer(
  env: Record<string, string> = {},
): Promise<CheckedServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reviews-documents-'));
  const config = loadConfig({
    PORT: '0',
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: BASE,
    DATA_DIR: dataDir,
    ...env,
  });
  const server = withOpenApiCheck(await startServer(config, createLogger('silent')), config);
  return {
    ...server,
    close: async () => {
      try {
        await server.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** The address on the running server of a link the documents give under `BASE`. */
export function local(server: { url: string }, link: string): string {
  return link.startsWith(BASE) ? `${server.url}${link.slice(BASE.length)}` : link;
}
