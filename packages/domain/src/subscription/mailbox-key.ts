/**
 * How a provider spells one mailbox several ways. `ignoresDots`: dots in the local part are
 * not significant; `canonicalDomain`: the domain the provider's aliases all deliver to.
 */
interface MailboxProvider {
  readonly ignoresDots: boolean;
  readonly canonicalDomain: string;
}

/**
 * Providers whose equivalent spellings are documented and widely relied upon. Gmail ignores
 * dots in the local part and delivers `googlemail.com` to the same mailbox. Kept short on
 * purpose: a wrong entry would merge two people's buckets.
 */
const PROVIDERS: Readonly<Record<string, MailboxProvider>> = {
  'gmail.com': { ignoresDots: true, canonicalDomain: 'gmail.com' },
  'googlemail.com': { ignoresDots: true, canonicalDomain: 'gmail.com' },
};

/**
 * The mailbox an address delivers to, for counting verification mails
 * (docs/api.md#one-mailbox-one-mail-bucket: the `mail` bucket counts a mailbox once). Case-folded;
 * a `+tag` suffix of the local part is dropped for every domain (sub-addressing, RFC 5233);
 * provider rules above apply on top. `address` is a normalised address (`EmailAddress.value`: ASCII
 * domain). Only a bucket key: the address stored and mailed stays as typed.
 */
export function mailboxKey(address: string): string {
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1).toLowerCase();
  let local = address.slice(0, at).toLowerCase();
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const provider = PROVIDERS[domain];
  if (provider === undefined) return `${local}@${domain}`;
  const bare = provider.ignoresDots ? local.replace(/\./g, '') : local;
  return `${bare === '' ? local : bare}@${provider.canonicalDomain}`;
}
