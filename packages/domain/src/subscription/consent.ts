/** Where a person gave consent to a signup: the JSON API, an MCP agent, or our HTML form. */
type ConsentSource = 'api' | 'mcp' | 'page';

/** User agents are kept for evidence, not analytics: the first 256 characters suffice. */
export const MAX_USER_AGENT_LENGTH = 256;

/**
 * The record of a signup request (docs/api.md#newsletter-signup-double-opt-in): when, through which
 * channel, from which client software and from which network. `clientNetwork` is already truncated
 * to /24 (IPv4) or /48 (IPv6) by the adapter that saw the connection; the full address is never
 * kept.
 */
export interface Consent {
  readonly at: Date;
  readonly source: ConsentSource;
  readonly userAgent: string | null;
  readonly clientNetwork: string;
}

export interface ConsentInput {
  readonly source: ConsentSource;
  readonly userAgent?: string | null | undefined;
  readonly clientNetwork: string;
}

/** Builds the consent record, truncating the user agent and dropping an empty one. */
export function recordConsent(input: ConsentInput, at: Date): Consent {
  const userAgent = input.userAgent?.trim().slice(0, MAX_USER_AGENT_LENGTH) ?? '';
  return {
    at,
    source: input.source,
    userAgent: userAgent === '' ? null : userAgent,
    clientNetwork: input.clientNetwork,
  };
}
