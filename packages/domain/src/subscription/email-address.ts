import { domainError, err, ok } from '../shared/result.js';
import type { DomainError, Result } from '../shared/result.js';

/** Longest address accepted (RFC 5321 path limit less the angle brackets; docs/api.md#statuses). */
export const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_PART_LENGTH = 64;
const MAX_DOMAIN_LENGTH = 253;

/** A dot-atom of RFC 5322 `atext`: what every mail provider accepts without quoting. */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DNS_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A normalised e-mail address (docs/api.md#newsletter-signup-double-opt-in). `value` is where mail
 * goes: the local part as the person typed it, the domain IDNA-encoded and lower-cased. `key` is
 * the identity: the whole address lower-cased, so `A@Example.COM` and `a@example.com` are one
 * subscription.
 */
export interface EmailAddress {
  readonly value: string;
  readonly key: string;
  readonly domain: string;
}

export type EmailAddressError = DomainError<'EMAIL_INVALID'>;

/**
 * Trims, IDNA-encodes and lower-cases the domain, then checks the syntax a mail provider would
 * check. Quoted local parts, IP-literal domains, single-label domains and non-ASCII local parts
 * (which need SMTPUTF8) are refused, because providers refuse or mishandle them.
 */
export function parseEmailAddress(raw: string): Result<EmailAddress, EmailAddressError> {
  const trimmed = raw.trim();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1) {
    return invalid('Enter an e-mail address of the form name@example.com.');
  }
  const localPart = trimmed.slice(0, at);
  const domain = toAsciiDomain(trimmed.slice(at + 1));
  if (localPart.length > MAX_LOCAL_PART_LENGTH || !LOCAL_PART.test(localPart)) {
    return invalid(
      'The part before the @ is not a valid mailbox name: use letters, digits and . _ + - only, without spaces.',
    );
  }
  if (domain === null) {
    return invalid('The part after the @ is not a valid domain name such as example.com.');
  }
  const value = `${localPart}@${domain}`;
  if (value.length > MAX_EMAIL_LENGTH) {
    return invalid(`The e-mail address is longer than ${MAX_EMAIL_LENGTH} characters.`);
  }
  return ok({ value, key: value.toLowerCase(), domain });
}

/**
 * The domain in its ASCII (IDNA) form, lower-cased, or null when it is not a public host name.
 * Also used to normalise configured blocked domains, so both sides compare alike.
 */
export function toAsciiDomain(raw: string): string | null {
  const candidate = raw.trim().replace(/\.$/, '');
  if (candidate === '' || /[\s/\\?#@:[\]%]/.test(candidate)) return null;
  let hostname: string;
  try {
    // The WHATWG URL parser applies UTS #46 (IDNA) mapping and punycode, with no Node import.
    hostname = new URL(`http://${candidate}`).hostname;
  } catch {
    return null;
  }
  const labels = hostname.split('.');
  const tld = labels[labels.length - 1] ?? '';
  if (hostname.length > MAX_DOMAIN_LENGTH || labels.length < 2) return null;
  if (!labels.every((label) => DNS_LABEL.test(label)) || /^[0-9]+$/.test(tld)) return null;
  return hostname;
}

/**
 * Whether the address's domain is one of `blockedDomains` or a subdomain of one
 * (`SIGNUP_BLOCKED_DOMAINS`, docs/operations.md#configuration). Blocked domains must already be
 * ASCII, lower-cased.
 */
export function isInBlockedDomain(
  address: EmailAddress,
  blockedDomains: readonly string[],
): boolean {
  return blockedDomains.some(
    (blocked) => address.domain === blocked || address.domain.endsWith(`.${blocked}`),
  );
}

function invalid(message: string): Result<EmailAddress, EmailAddressError> {
  return err(domainError('EMAIL_INVALID', message));
}
