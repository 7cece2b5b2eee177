import {
  type GetTool,
  type LivePublication,
  type RequestQuota,
  type SearchTools,
} from '@reviews/application';
import {
  aServiceProfile,
  readUseCasesOver,
  RecordingLogger,
  unlimitedQuota,
} from '@reviews/application/testing';
import type { Tool } from '@reviews/domain';
import { aCatalog } from '@reviews/domain/testing';
import { onLoopback } from '@reviews/http-common/testing';
import express, { type ErrorRequestHandler } from 'express';
import { createServer, type IncomingMessage } from 'node:http';
import { mcpEndpoint } from '../../src/index.js';

export const testProfile = aServiceProfile();

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
  readonly clientKeyOf?: (req: IncomingMessage) => string;
  readonly searchTools?: SearchTools;
  readonly allowedOrigins?: readonly string[];
  readonly loopbackOnly?: boolean;
}

/**
 * The MCP adapter alone over a real port, in a minimal Express app (the adapter's router, then
 * a JSON 404 and a JSON 500), on a publication made of `tools` (or none at all). As the service
 * serves it, `POST /mcp` is answered before Express by the endpoint's `post`; with
 * `MCP_VIA_EXPRESS=1` in the environment every request goes through the router instead, so the
 * suite can be run against both entries.
 */
export async function startMcpApi(
  tools: readonly Tool[] | undefined,
  options: McpApiOptions = {},
): Promise<RunningMcpApi> {
  const readSide = readUseCasesOver(tools === undefined ? undefined : aCatalog(...tools), {
    profile: testProfile,
  });
  const { live, getTool, getReview, listTools, completeArgument, getOverview } = readSide;
  const searchTools = options.searchTools ?? readSide.searchTools;
  const logger = new RecordingLogger();
  const quota = options.quota ?? unlimitedQuota;
  const clientKeyOf =
    options.clientKeyOf ?? ((req: IncomingMessage) => req.socket.remoteAddress ?? 'unknown');

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const endpoint = mcpEndpoint({
    searchTools,
    getTool,
    getReview,
    listTools,
    completeArgument,
    getOverview,
    // As the service charges: every bucket under the client's key.
    charge: (req, buckets, units) => quota.charge(clientKeyOf(req), buckets, units),
    // Express's own negotiation stands in for the HTTP adapter's.
    encodingOf: (req) => req.acceptsEncodings('br', 'gzip', 'deflate', 'identity') || 'identity',
    baseUrl: testProfile.baseUrl,
    logger,
    allowedOrigins: options.allowedOrigins,
    loopbackOnly: options.loopbackOnly,
    // As the service wires it: repeated calls are answered from memory.
    contentVersion: () => live.current()?.id,
  });
  app.use(endpoint.router);
  app.use((req, res) => {
    res.status(404).json({ error: `There is nothing at ${req.method} ${req.path}.` });
  });
  const fail: ErrorRequestHandler = (_error, _req, res, _next) => {
    res.status(500).json({ error: 'Something went wrong on our side.' });
  };
  app.use(fail);

  const viaExpress = process.env['MCP_VIA_EXPRESS'] === '1';
  const server = createServer((req, res) => {
    if (!viaExpress && req.method === 'POST' && req.url === '/mcp') endpoint.post(req, res);
    else app(req, res);
  });
  const running = await onLoopback(server.listen(0, '127.0.0.1'));
  return {
    url: running.url,
    mcpUrl: `${running.url}/mcp`,
    live,
    searchTools,
    getTool,
    logger,
    close: running.close,
  };
}
