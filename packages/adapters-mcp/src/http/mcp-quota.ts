import type { BucketName, ChargedUnits, QuotaOutcome } from '@reviews/application';
import { applyCharge, sendJsonError } from '@reviews/http-common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JSON_RPC_SERVER_ERROR, jsonRpcError, requestIdOf } from './json-rpc-error.js';

/**
 * Charges the request to `buckets` by the service's one charge (`McpRoutesDeps.charge`) and sets
 * its `RateLimit` headers (`applyCharge`). When a bucket is empty it answers 429 with
 * `Retry-After` and a JSON-RPC error whose message says when to retry and whose
 * `data.retryAfterSeconds` carries the number (docs/mcp.md#tools), and returns false.
 */
export async function admitRequest(
  charge: McpCharge,
  req: IncomingMessage,
  buckets: readonly BucketName[],
  res: ServerResponse,
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
  req: IncomingMessage,
  buckets: readonly BucketName[],
  units?: ChargedUnits,
) => Promise<QuotaOutcome>;
