import type { Rights } from '@reviews/application';

/** One rate-limit bucket as configured (docs/api.md#limits). */
interface RateLimitFact {
  readonly bucket: string;
  readonly limit: number;
  readonly windowSeconds: number;
}

/** Who the MCP server says it is (its `serverInfo`), passed in by the app so adapters stay apart. */
interface McpFacts {
  readonly name: string;
  readonly version: string;
  readonly title: string;
  readonly description: string;
  readonly protocolVersions: readonly string[];
}

/**
 * Everything the machine documents state about the running service, from configuration and the
 * constants the code itself uses: documents built from these cannot contradict the service.
 */
export interface ServiceFacts {
  /** `PUBLIC_BASE_URL`, no trailing slash. */
  readonly baseUrl: string;
  readonly serviceName: string;
  readonly historicalNotice: string;
  readonly rights: Rights;
  readonly rateLimits: readonly RateLimitFact[];
  readonly mcp: McpFacts;
}

/** What each bucket counts (docs/api.md#limits), in the words the documents use. */
export const BUCKET_COUNTS: Readonly<Record<string, string>> = {
  api: 'every request to `/api/v1/*` and every HTTP request to `/mcp`',
  search: 'REST searches and MCP `search_tools` calls, on top of `api`',
  signup: 'every `POST /subscribe` and `POST /subscribe/form`, valid or not',
  mail: 'verification mails to one address, whatever the IP',
  pages: 'HTML pages, Markdown twins, discovery documents, the export and the feed',
};

/** `60 per minute`, `5 per hour`, `3 per 24 hours`. */
export function describeRate(fact: RateLimitFact): string {
  const window =
    fact.windowSeconds === 60
      ? 'minute'
      : fact.windowSeconds === 3_600
        ? 'hour'
        : fact.windowSeconds % 3_600 === 0
          ? `${fact.windowSeconds / 3_600} hours`
          : `${fact.windowSeconds} seconds`;
  return `${fact.limit} per ${window}`;
}

export function rateOf(facts: ServiceFacts, bucket: string): string {
  const fact = facts.rateLimits.find((f) => f.bucket === bucket);
  return fact === undefined ? 'unlimited' : describeRate(fact);
}

/**
 * `HTTPS` or `HTTP`: the scheme the documents' addresses use (`PUBLIC_BASE_URL`), so that no
 * document promises HTTPS where the service is reached over plain HTTP.
 */
export function requestScheme(facts: ServiceFacts): 'HTTPS' | 'HTTP' {
  return new URL(facts.baseUrl).protocol === 'https:' ? 'HTTPS' : 'HTTP';
}
