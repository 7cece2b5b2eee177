import { toAsciiDomain } from '@reviews/domain';

/**
 * What the signup use case is configured with (docs/operations.md#configuration); the server app
 * parses the environment into it. `blockedDomains` must be normalised with
 * `normaliseBlockedDomains`.
 */
export interface SubscriptionSettings {
  /** `SIGNUPS_ENABLED`: when false every signup is refused with SIGNUPS_DISABLED (503). */
  readonly signupsEnabled: boolean;
  /** `SIGNUP_BLOCKED_DOMAINS`: refused with ADDRESS_BLOCKED (403), subdomains included. */
  readonly blockedDomains: readonly string[];
  /** Named in the verification mail: who is asking. */
  readonly serviceName: string;
  /** `PUBLIC_BASE_URL`: the links of the mail are built from it. */
  readonly baseUrl: string;
}

/**
 * IDNA-encodes and lower-cases configured blocked domains; returns the entries that are not
 * domain names separately so that configuration parsing can name them.
 */
export function normaliseBlockedDomains(raw: readonly string[]): {
  domains: string[];
  invalid: string[];
} {
  const domains: string[] = [];
  const invalid: string[] = [];
  for (const entry of raw.map((value) => value.trim()).filter((value) => value !== '')) {
    const domain = toAsciiDomain(entry.replace(/^\*?\./, ''));
    if (domain === null) invalid.push(entry);
    else domains.push(domain);
  }
  return { domains, invalid };
}
