import {
  type CompleteArgument,
  type GetCatalogOverview,
  type GetReview,
  type GetTool,
  type ListTools,
  type Logger,
  type SearchTools,
  BUCKETS,
} from '@reviews/application';
import { MAX_JSON_DEPTH, requestFailed, sendJsonError, verifyJsonBody } from '@reviews/http-common';
import express, {
  Router,
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { argumentCompletions } from '../completions/argument-completions.js';
import { compareToolsPrompt } from '../prompts/compare-tools.prompt.js';
import { evaluateToolPrompt } from '../prompts/evaluate-tool.prompt.js';
import { toolResources } from '../resources/tool-resources.js';
import { mcpServerFactory, type McpCatalogFeatures } from '../server/create-mcp-server.js';
import { withResultCache, type KeptResultsTool } from '../tools/tool-result-cache.js';
import { getToolTool } from '../tools/get-tool.tool.js';
import type { McpTool } from '../tools/mcp-tool.js';
import { searchToolsTool } from '../tools/search-tools.tool.js';
import { messageCharge } from '../tools/tool-call-charge.js';
import {
  JSON_RPC_INVALID_REQUEST,
  JSON_RPC_PARSE_ERROR,
  JSON_RPC_SERVER_ERROR,
  internalError,
  jsonRpcError,
} from './json-rpc-error.js';
import { bothGenerationsHandler } from './mcp-handler.js';
import { admitRequest, type McpCharge } from './mcp-quota.js';
import { guardMcpOrigin, mcpOriginPolicy } from './origin-guard.js';
import { MCP_PATH, SERVER_CARD_PATHS } from './server-card.js';
import { serverCardHandler } from './server-card.routes.js';

export interface McpRoutesDeps {
  readonly searchTools: SearchTools;
  readonly getTool: GetTool;
  /** The resources and prompts (docs/mcp.md#resources, #prompts). */
  readonly getReview: GetReview;
  readonly listTools: ListTools;
  /** The categories the resource `reviews://categories/{category}` may name. */
  readonly getOverview: GetCatalogOverview;
  /** `completion/complete` (docs/mcp.md#completions). */
  readonly completeArgument: CompleteArgument;
  /**
   * The service's one charge (docs/api.md#limits): pass the REST adapter's (`requestCharger`),
   * so that both protocols fill the same buckets under the same client key, and the server's
   * own warm-up requests charge the warm-up's quota.
   */
  readonly charge: McpCharge;
  /** The content coding a request's body would go out in, which the server card's ETag names. */
  readonly encodingOf: (req: Request) => string;
  /** `PUBLIC_BASE_URL` without a trailing slash (`ServiceProfile.baseUrl`). */
  readonly baseUrl: string;
  /** Only unexpected failures are logged. */
  readonly logger: Pick<Logger, 'error'>;
  /** Origins besides the base URL's whose pages may call `/mcp` (`MCP_ALLOWED_ORIGINS`). */
  readonly allowedOrigins?: readonly string[];
  /** True when the service listens on loopback only: `/mcp` then answers loopback hosts only. */
  readonly loopbackOnly?: boolean;
  /**
   * What the tools' results are made of (the live publication's id): with it, results are kept
   * and repeated calls answered from memory until it changes.
   */
  readonly contentVersion?: () => string | undefined;
}

/** Methods `/mcp` takes (for `Allow`, and for CORS preflights through the app's `methodsFor`). */
export const MCP_ENDPOINT_METHODS = ['POST', 'OPTIONS'] as const;
/** Methods the server card addresses take. */
export const SERVER_CARD_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;
/** Largest JSON-RPC body accepted; real requests are a few hundred bytes. */
const MCP_MAX_BODY_BYTES = 64 * 1024;

/** `methodsFor` entries of this adapter's paths; undefined for any other path. */
export function mcpMethodsFor(path: string): readonly string[] | undefined {
  if (path === MCP_PATH) return MCP_ENDPOINT_METHODS;
  if ((SERVER_CARD_PATHS as readonly string[]).includes(path)) return SERVER_CARD_METHODS;
  return undefined;
}

/** The MCP adapter's router, and its `POST /mcp` for node:http (the same steps and instances). */
export interface McpEndpoint {
  readonly router: Router;
  /**
   * `POST /mcp` once the steps every request passes have run (the server answers it before
   * Express with them, `routeBeforeApp`): guard, `express.json` (body-parser takes plain
   * node:http requests), charge, the SDK, and the route's error answers, as on the router.
   */
  readonly post: (req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * The MCP endpoint (docs/mcp.md#mcp-for-agents): `POST /mcp`, Streamable HTTP, stateless, for both
 * protocol generations (see `bothGenerationsHandler`) — no session id, so any instance answers
 * any request. GET (the SSE stream) and DELETE (session end) are 405. Every request first passes
 * the Origin/Host guard (free, before any quota), then is charged, then served. Also the server
 * card at `/mcp/server-card` and `/.well-known/mcp/server-card.json`.
 */
export function mcpEndpoint(deps: McpRoutesDeps): McpEndpoint {
  const contentVersion = deps.contentVersion;
  const kept = (tool: McpTool) =>
    contentVersion === undefined
      ? { ...tool, keeps: () => false }
      : withResultCache(tool, contentVersion);
  const search = kept(searchToolsTool(deps.searchTools));
  const tools: readonly McpTool[] = [search, kept(getToolTool(deps.getTool))];
  const features: McpCatalogFeatures = {
    resources: toolResources(deps),
    prompts: [evaluateToolPrompt(deps.getTool), compareToolsPrompt(deps.getTool)],
    complete: argumentCompletions(deps.completeArgument),
  };
  const serve = bothGenerationsHandler(
    mcpServerFactory(tools, features, deps.logger, deps.baseUrl),
    MCP_MAX_BODY_BYTES,
    (error) => deps.logger.error({ err: error, path: MCP_PATH }, 'request failed'),
  );
  const guard = guardMcpOrigin(
    mcpOriginPolicy(deps.baseUrl, deps.allowedOrigins ?? [], deps.loopbackOnly ?? false),
    MCP_ENDPOINT_METHODS,
  );
  const readBody = express.json({ limit: MCP_MAX_BODY_BYTES, verify: verifyJsonBody });
  const handle = handleMessages(deps, serve, search);
  const fail = answerErrors(deps);
  const router = Router();

  router.get([...SERVER_CARD_PATHS], serverCardHandler(deps.baseUrl, deps.charge, deps.encodingOf));
  router.all(MCP_PATH, (req, res, next) => {
    if (guard(req, res)) next();
  });
  const failed: ErrorRequestHandler = (error, req, res, _next) => fail(error, req, res, req.path);
  router.post(MCP_PATH, readBody, handle, failed);
  router.all(MCP_PATH, refuseMethod(deps));
  const post = (req: IncomingMessage, res: ServerResponse): void => {
    if (!guard(req, res)) return;
    readBody(req as Request, res as Response, (error?: unknown) => {
      const answered = error === undefined ? handle(req, res) : fail(error, req, res, MCP_PATH);
      answered.catch((failure: unknown) => fail(failure, req, res, MCP_PATH));
    });
  };
  return { router, post };
}

function handleMessages(
  deps: McpRoutesDeps,
  serve: (req: IncomingMessage, res: ServerResponse, body: unknown) => Promise<void>,
  search: Pick<KeptResultsTool, 'keeps'>,
): (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const body: unknown = req.body;
    if (Array.isArray(body)) {
      // One HTTP request, one unit: a batch must not buy a hundred calls for the price of one.
      if (!(await admitRequest(deps.charge, req, [BUCKETS.api], res, undefined))) return;
      sendJsonError(
        res,
        400,
        jsonRpcError(
          JSON_RPC_INVALID_REQUEST,
          'Invalid request: JSON-RPC batches are not supported (MCP has no batching since protocol 2025-06-18). Send one message per POST.',
        ),
      );
      return;
    }
    const { buckets, units } = messageCharge(body, deps.searchTools, (args) => search.keeps(args));
    const admitted = await admitRequest(deps.charge, req, buckets, res, body, units);
    if (!admitted) return;
    // A body express.json did not take (another content type) stays unread: the SDK answers 415.
    await serve(req, res, body);
  };
}

/**
 * Every error of the route in JSON-RPC's shape: a body that is not JSON, too large, nested too
 * deep or not decodable (a corrupt or unknown `Content-Encoding`) gets its 4xx (and still
 * counts); anything else is logged and answered 500 with -32603 (`requestFailed`: or the
 * connection closed, when the answer had begun).
 */
function answerErrors(
  deps: McpRoutesDeps,
): (error: unknown, req: IncomingMessage, res: ServerResponse, path: string) => Promise<void> {
  return async (error, req, res, path) => {
    // body-parser's errors (http-errors) carry a 4xx `status`, and most a `type`.
    const { status, type } = (error ?? {}) as { status?: unknown; type?: unknown };
    if (typeof status !== 'number' || status < 400 || status >= 500 || res.headersSent) {
      const failure = {
        logger: deps.logger,
        answer: () => sendJsonError(res, 500, internalError()),
      };
      requestFailed(failure, res, error, { requestId: res.getHeader('X-Request-Id'), path });
      return;
    }
    if (!(await admitRequest(deps.charge, req, [BUCKETS.api], res, undefined))) return;
    const [code, message] = unreadableBodyError(type, req.headers['content-encoding']);
    sendJsonError(res, status, jsonRpcError(code, message));
  };
}

function unreadableBodyError(type: unknown, encoding: string | undefined): [number, string] {
  switch (type) {
    case 'entity.parse.failed':
      return [JSON_RPC_PARSE_ERROR, 'Parse error: the request body is not valid JSON.'];
    case 'entity.too.large':
      return [
        JSON_RPC_INVALID_REQUEST,
        `Invalid request: the request body is over ${MCP_MAX_BODY_BYTES / 1024} KiB.`,
      ];
    case 'entity.too.deep':
      return [
        JSON_RPC_INVALID_REQUEST,
        `Invalid request: the request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`,
      ];
    case 'charset.unsupported':
      return [JSON_RPC_INVALID_REQUEST, 'Invalid request: the request body must be UTF-8 JSON.'];
    case 'encoding.unsupported':
      return [
        JSON_RPC_INVALID_REQUEST,
        `Invalid request: Content-Encoding ${JSON.stringify(encoding ?? '')} is not supported (use gzip, deflate, br or none).`,
      ];
    default:
      return encoding === undefined
        ? [JSON_RPC_INVALID_REQUEST, 'Invalid request: the request body could not be read.']
        : [
            JSON_RPC_PARSE_ERROR,
            `Parse error: the request body could not be decoded as Content-Encoding ${JSON.stringify(encoding)}.`,
          ];
  }
}

function refuseMethod(deps: McpRoutesDeps): RequestHandler {
  return async (req, res) => {
    if (!(await admitRequest(deps.charge, req, [BUCKETS.api], res, undefined))) return;
    sendJsonError(
      res,
      405,
      jsonRpcError(
        JSON_RPC_SERVER_ERROR,
        `Method not allowed: ${req.method}. This MCP endpoint is stateless (no SSE stream, no sessions); send JSON-RPC messages with POST.`,
      ),
      { Allow: MCP_ENDPOINT_METHODS.join(', ') },
    );
  };
}
