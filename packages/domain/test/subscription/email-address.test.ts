import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  isInBlockedDomain,
  parseEmailAddress,
  toAsciiDomain,
} from '../../src/subscription/email-address.js';
import type { EmailAddress } from '../../src/subscription/email-address.js';

function parsed(raw: string): EmailAddress {
  const result = parseEmailAddress(raw);
  if (!result.ok) throw new Error(`expected ${raw} to parse: ${result.error.message}`);
  return result.value;
}

describe('parseEmailAddress', () => {
  it('trims and lower-cases the domain but keeps the local part as typed', () => {
    expect(parsed('  Ada.Lovelace@Example.COM \n').value).toBe('Ada.Lovelace@example.com');
  });

  it('gives case variants of one address the same identity key', () => {
    expect(parsed('A@Example.COM').key).toBe(parsed('a@example.com').key);
  });

  it('IDNA-encodes an internationalised domain', () => {
    expect(parsed('jose@Bücher.Example').value).toBe('jose@xn--bcher-kva.example');
    expect(parsed('jose@xn--bcher-kva.example').key).toBe(parsed('JOSE@bücher.example').key);
  });

  it.each([
    ['no at sign', 'person.example.com'],
    ['empty local part', '@example.com'],
    ['empty domain', 'person@'],
    ['two at signs', 'a@b@example.com'],
    ['space inside', 'per son@example.com'],
    ['leading dot', '.person@example.com'],
    ['double dot', 'per..son@example.com'],
    ['quoted local part', '"person"@example.com'],
    ['non-ASCII local part', 'jösé@example.com'],
    ['single-label domain', 'person@localhost'],
    ['IP literal', 'person@[192.0.2.1]'],
    ['numeric top-level label', 'person@192.0.2.1'],
    ['label starting with a hyphen', 'person@-example.com'],
    ['underscore in domain', 'person@exa_mple.com'],
    ['local part over 64 characters', `${'a'.repeat(65)}@example.com`],
  ])('refuses %s', (_case, raw) => {
    const result = parseEmailAddress(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('EMAIL_INVALID');
  });

  it('refuses an address over 254 characters after normalisation', () => {
    const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.example`;
    const local = 'a'.repeat(64);
    expect(`${local}@${domain}`.length).toBeGreaterThan(254);
    expect(parseEmailAddress(`${local}@${domain}`).ok).toBe(false);
  });

  it('accepts plus addressing and the other atext characters', () => {
    expect(parsed("o'brien+news_1@mail.example.org").value).toBe("o'brien+news_1@mail.example.org");
  });

  it('normalises idempotently: parsing a normalised address returns it unchanged', () => {
    const local = fc.stringMatching(/^[A-Za-z0-9+_-]{1,20}$/);
    const label = fc.stringMatching(/^[A-Za-z0-9]{1,12}$/);
    fc.assert(
      fc.property(local, label, label, (l, d, tld) => {
        const first = parseEmailAddress(`${l}@${d}.x${tld}`);
        fc.pre(first.ok);
        if (!first.ok) return;
        const again = parseEmailAddress(first.value.value);
        expect(again.ok && again.value).toEqual(first.value);
      }),
    );
  });
});

describe('toAsciiDomain', () => {
  it('drops a trailing dot and lower-cases', () => {
    expect(toAsciiDomain('Example.COM.')).toBe('example.com');
  });
});

describe('isInBlockedDomain', () => {
  it('blocks the domain and its subdomains but not look-alikes', () => {
    const blocked = ['spam.example'];
    expect(isInBlockedDomain(parsed('a@spam.example'), blocked)).toBe(true);
    expect(isInBlockedDomain(parsed('a@mail.SPAM.example'), blocked)).toBe(true);
    expect(isInBlockedDomain(parsed('a@notspam.example'), blocked)).toBe(false);
  });
});
