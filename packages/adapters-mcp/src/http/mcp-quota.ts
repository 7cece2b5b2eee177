import {
  BUCKETS,
  searchToolsInputSchema,
  type BucketName,
  type ChargedUnits,
  type QuotaOutcome,
  type SearchTools,
} from '@reviews/application';
import { applyCharge, sendJsonError } from '@reviews/http-common';
import type { Request, Response } from 'express';
import { SEARCH_TOOLS_TOOL_NAME } from '../tools/search-tools.tool.js';
import { JSON_RPC_SERVER_ERROR, jsonRpcError, requestIdOf } from './json-rpc-error.js';

/**
 * docs/api.md#limits, for MCP: every HTTP request to `/mcp` costs one `api` unit, and a `search_tools`
 * call one `search` unit on top — the same buckets, under the same client key, as REST, so
 * switching protocol doubles nothing. The call is read from the JSON-RPC body before the SDK sees
 * it, so the tools themselves know nothing of limits. (Batches never get this far: refused.)
 */
export function bucketsFor(body: unknown): BucketName[] {
  return isSearchToolsCall(body) ? [BUCKETS.api, BUCKETS.search] : [BUCKETS.api];
}

/**
 * The `search` units a `search_tools` call costs, by the use case's one rule
 * (docs/api.md#what-a-search-costs); arguments the tool will refuse cost the usual one.
 */
export function unitsFor(body: unknown, searchTools: Pick<SearchTools, 'cost'>): ChargedUnits {
  if (!isSearchToolsCall(body)) return {};
  const { params } = body as { params: { arguments?: unknown } };
  return {
    search: () => {
      const input = searchToolsInputSchema.safeParse(params.arguments ?? {});
      return input.success ? searchTools.cost(input.data) : 1;
    },
  };
}

function isSearchToolsCall(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const { method, params } = message as { method?: unknown; params?: unknown };
  if (method !== 'tools/call' || typeof params !== 'object' || params === null) return false;
  return (params as { name?: unknown }).name === SEARCH_TOOLS_TOOL_NAME;
}

/**
 * Charges the request to `buckets` by the service's one charge (`McpRoutesDeps.charge`) and sets
 * its `RateLimit` headers (`applyCharge`). When a bucket is empty it answers 429 with
 * `Retry-After` and a JSON-RPC error whose message says when to retry and whose
 * `data.retryAfterSeconds` carries the number (docs/mcp.md#tools), and returns false.
 */
export async function admitRequest(
  charge: McpCharge,
  req: Request,
  buckets: readonly BucketName[],
  res: Response,
  body: unknown,
  units?: ChargedUnits,
): Promise<boolean> {
  const refusal = applyCharge(await charge(req, buckets, units), (name, value) =>
    res.setHeader(name, value),
  );
  if (refusal === undefined) return true;
  const retryAfterSeconds = Number(refusal.headers['Retry-After']);
  sendJsonError(
    res,
    refusal.status,
    jsonRpcError(JSON_RPC_SERVER_ERROR, refusal.message, {
      id: requestIdOf(body),
      data: { retryAfterSeconds },
    }),
    refusal.headers,
  );
  return false;
}

/** How a request is charged: the service's one rule (warm-up requests, client key, buckets). */
export type McpCharge = (
  req: Request,
  buckets: readonly BucketName[],
  units?: ChargedUnits,
) => Promise<QuotaOutcome>;
