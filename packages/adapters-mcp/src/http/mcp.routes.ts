import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { GetTool, RequestQuota, SearchTools } from '@reviews/application';
import express, {
  Router,
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
} from 'express';
import { createMcpServer, type McpLogger } from '../server/create-mcp-server.js';
import { getToolTool } from '../tools/get-tool.tool.js';
import type { McpTool } from '../tools/mcp-tool.js';
import { searchToolsTool } from '../tools/search-tools.tool.js';
import {
  JSON_RPC_INVALID_REQUEST,
  JSON_RPC_PARSE_ERROR,
  JSON_RPC_SERVER_ERROR,
  jsonRpcError,
} from './json-rpc-error.js';
import { admitRequest, bucketsFor } from './mcp-quota.js';
import { MCP_PATH, SERVER_CARD_PATHS } from './server-card.js';
import { serverCardHandler } from './server-card.routes.js';

export interface McpRoutesDeps {
  readonly searchTools: SearchTools;
  readonly getTool: GetTool;
  /** The quota REST charges too (contract §6). */
  readonly quota: RequestQuota;
  /**
   * The key a client is counted under; pass the REST adapter's own rule (IPv4 address, IPv6
   * /64, honouring `trust proxy`) so that both protocols fill the same buckets.
   */
  readonly clientKeyOf: (req: Request) => string;
  /** `PUBLIC_BASE_URL` without a trailing slash (`ServiceProfile.baseUrl`). */
  readonly baseUrl: string;
  readonly logger: McpLogger;
}

/** Methods `/mcp` takes (for `Allow`, and for CORS preflights through the app's `methodsFor`). */
export const MCP_ENDPOINT_METHODS = ['POST', 'OPTIONS'] as const;
/** Methods the server card addresses take. */
export const SERVER_CARD_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;
/** Largest JSON-RPC body accepted; real requests are a few hundred bytes. */
export const MCP_MAX_BODY_BYTES = 64 * 1024;

/** `methodsFor` entries of this adapter's paths; undefined for any other path. */
export function mcpMethodsFor(path: string): readonly string[] | undefined {
  if (path === MCP_PATH) return MCP_ENDPOINT_METHODS;
  if ((SERVER_CARD_PATHS as readonly string[]).includes(path)) return SERVER_CARD_METHODS;
  return undefined;
}

/**
 * The MCP endpoint (spec §4.4, contract §8): `POST /mcp`, Streamable HTTP, stateless — a fresh
 * server and transport per request, JSON responses, no session id — so any instance answers
 * any request. GET (the SSE stream) and DELETE (session end) are 405. Also the server card at
 * `/mcp/server-card` and `/.well-known/mcp/server-card.json`.
 */
export function mcpRoutes(deps: McpRoutesDeps): Router {
  const tools: readonly McpTool[] = [searchToolsTool(deps.searchTools), getToolTool(deps.getTool)];
  const router = Router();

  router.get([...SERVER_CARD_PATHS], serverCardHandler(deps.baseUrl, deps.quota, deps.clientKeyOf));
  router.post(
    MCP_PATH,
    express.json({ limit: MCP_MAX_BODY_BYTES }),
    handleMessages(deps, tools),
    answerUnreadableBody(deps),
  );
  router.all(MCP_PATH, refuseMethod(deps));
  return router;
}

function handleMessages(deps: McpRoutesDeps, tools: readonly McpTool[]): RequestHandler {
  return async (req, res) => {
    const body: unknown = req.body;
    const admitted = await admitRequest(
      deps.quota,
      deps.clientKeyOf(req),
      bucketsFor(body),
      res,
      body,
    );
    if (!admitted) return;

    const server = createMcpServer(tools, deps.logger, deps.baseUrl);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // A body express.json did not take (another content type) stays unread: the SDK answers 415.
    await transport.handleRequest(req, res, body);
  };
}

/** A body that is not JSON, or too large, still gets a JSON-RPC answer (and still counts). */
function answerUnreadableBody(deps: McpRoutesDeps): ErrorRequestHandler {
  return async (error: unknown, req, res, next) => {
    // body-parser's errors carry a `type` and a 4xx `status`; anything else is not ours to answer.
    const { status, type } = (error ?? {}) as { status?: unknown; type?: unknown };
    const unreadable =
      typeof type === 'string' && typeof status === 'number' && status >= 400 && status < 500;
    if (!unreadable || res.headersSent) {
      next(error);
      return;
    }
    if (!(await admitRequest(deps.quota, deps.clientKeyOf(req), ['api'], res, undefined))) return;
    const [code, message] =
      type === 'entity.parse.failed'
        ? [JSON_RPC_PARSE_ERROR, 'Parse error: the request body is not valid JSON.']
        : type === 'entity.too.large'
          ? [JSON_RPC_INVALID_REQUEST, `The request body is over ${MCP_MAX_BODY_BYTES / 1024} KiB.`]
          : [JSON_RPC_INVALID_REQUEST, 'The request body could not be read.'];
    res.status(status).json(jsonRpcError(code, message));
  };
}

function refuseMethod(deps: McpRoutesDeps): RequestHandler {
  return async (req, res) => {
    if (!(await admitRequest(deps.quota, deps.clientKeyOf(req), ['api'], res, undefined))) return;
    res
      .status(405)
      .set('Allow', MCP_ENDPOINT_METHODS.join(', '))
      .json(
        jsonRpcError(
          JSON_RPC_SERVER_ERROR,
          `Method not allowed: ${req.method}. This MCP endpoint is stateless (no SSE stream, no sessions); send JSON-RPC messages with POST.`,
        ),
      );
  };
}
