import { recordConsent } from '../../src/subscription/consent.js';
import { parseEmailAddress } from '../../src/subscription/email-address.js';
import type { EmailAddress } from '../../src/subscription/email-address.js';
import type { SignupRequest } from '../../src/subscription/subscription-signup.js';
import type { IssuedTokenHashes } from '../../src/subscription/subscription.js';

export const T0 = new Date('2026-11-16T09:00:00Z');
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const later = (ms: number, from: Date = T0): Date => new Date(from.getTime() + ms);

export function address(raw = 'ada@example.com'): EmailAddress {
  const result = parseEmailAddress(raw);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

let issued = 0;

/**
 * A signup request, with the hashes its mail's tokens will have once a dispatcher claims it
 * (fresh each time: `c1`/`u1`, `c2`/`u2`, …).
 */
export function aSignupRequest(
  raw = 'ada@example.com',
  at: Date = T0,
): SignupRequest & { readonly hashes: IssuedTokenHashes } {
  issued += 1;
  return {
    address: address(raw),
    consent: recordConsent({ source: 'api', userAgent: 'test', clientNetwork: '192.0.2.0/24' }, at),
    hashes: { confirmHash: `c${issued}`, unsubscribeHash: `u${issued}` },
  };
}
