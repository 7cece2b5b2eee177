import type { QuotaOutcome, RateLimitDecision } from '@reviews/application';

/**
 * draft-ietf-httpapi-ratelimit-headers-11: `RateLimit-Policy: "api";q=60;w=60` and
 * `RateLimit: "api";r=57;t=42`. A policy name identifies one quota, so each bucket is listed once,
 * with its latest state, even if a request was charged to it twice. No headers when nothing was
 * charged.
 */
export function rateLimitHeaders(outcome: QuotaOutcome): Record<string, string> {
  const latest = new Map<string, RateLimitDecision>();
  for (const decision of outcome.decisions) latest.set(decision.bucket, decision);
  if (latest.size === 0) return {};
  const decisions = [...latest.values()];
  return {
    'RateLimit-Policy': decisions
      .map((d) => `"${d.bucket}";q=${d.limit};w=${d.windowSeconds}`)
      .join(', '),
    RateLimit: decisions
      .map((d) => `"${d.bucket}";r=${d.remaining};t=${d.resetSeconds}`)
      .join(', '),
  };
}

/** The 429 message of every driving adapter (docs/api.md#limits): says when to come back. */
export function tooManyRequests(retryAfterSeconds: number): string {
  const unit = retryAfterSeconds === 1 ? 'second' : 'seconds';
  return `Too many requests from your network. Wait ${retryAfterSeconds} ${unit} before retrying.`;
}
