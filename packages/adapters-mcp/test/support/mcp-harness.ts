import {
  GetTool,
  LivePublication,
  SearchTools,
  unlimitedQuota,
  type RequestQuota,
  type ServiceProfile,
} from '@reviews/application';
import { aServiceProfile } from '@reviews/application/testing';
import { Publication, type Tool } from '@reviews/domain';
import { aCatalog } from '@reviews/domain/testing';
import express, { type ErrorRequestHandler, type Request } from 'express';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@reviews/application';
import { mcpRoutes } from '../../src/index.js';

export const testProfile: ServiceProfile = aServiceProfile();

/** Keeps what the adapter logged, so tests can assert on it. */
export class RecordingLogger implements Pick<Logger, 'error'> {
  readonly errors: Array<{ fields: Record<string, unknown>; message: string }> = [];
  error(fields: Record<string, unknown>, message: string): void {
    this.errors.push({ fields, message });
  }
}

export interface RunningMcpApi {
  /** `http://127.0.0.1:port` */
  readonly url: string;
  /** `{url}/mcp` */
  readonly mcpUrl: string;
  readonly live: LivePublication;
  readonly searchTools: SearchTools;
  readonly getTool: GetTool;
  readonly logger: RecordingLogger;
  close(): Promise<void>;
}

export interface McpApiOptions {
  readonly quota?: RequestQuota;
  readonly clientKeyOf?: (req: Request) => string;
  readonly searchTools?: SearchTools;
  readonly allowedOrigins?: readonly string[];
  readonly loopbackOnly?: boolean;
}

/**
 * The MCP adapter alone over a real port, in a minimal Express app (the adapter's router, then
 * a JSON 404 and a JSON 500), on a publication made of `tools` (or none at all).
 */
export async function startMcpApi(
  tools: readonly Tool[] | undefined,
  options: McpApiOptions = {},
): Promise<RunningMcpApi> {
  const live = new LivePublication();
  if (tools !== undefined)
    live.replace(Publication.publish('test-publication', aCatalog(...tools)));
  const searchTools = options.searchTools ?? new SearchTools(live, testProfile);
  const getTool = new GetTool(live, testProfile);
  const logger = new RecordingLogger();

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(
    mcpRoutes({
      searchTools,
      getTool,
      quota: options.quota ?? unlimitedQuota,
      clientKeyOf: options.clientKeyOf ?? ((req) => req.ip ?? 'unknown'),
      baseUrl: testProfile.baseUrl,
      logger,
      allowedOrigins: options.allowedOrigins,
      loopbackOnly: options.loopbackOnly,
      // As the service wires it: repeated calls are answered from memory.
      contentVersion: () => live.current()?.id,
    }),
  );
  app.use((req, res) => {
    res.status(404).json({ error: `There is nothing at ${req.method} ${req.path}.` });
  });
  const fail: ErrorRequestHandler = (_error, _req, res, _next) => {
    res.status(500).json({ error: 'Something went wrong on our side.' });
  };
  app.use(fail);

  const server: Server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    mcpUrl: `${url}/mcp`,
    live,
    searchTools,
    getTool,
    logger,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
