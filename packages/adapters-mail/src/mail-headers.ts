/**
 * Header helpers shared by the mailers: RFC 2047 encoded words for non-ASCII text, and parsing
 * of a configured sender such as `Reviews <no-reply@example.com>`.
 */

const ASCII_PRINTABLE = /^[\x20-\x7e]*$/;

/** The text as is when printable ASCII, otherwise as UTF-8 base64 encoded words (RFC 2047). */
export function encodeHeaderText(text: string): string {
  if (ASCII_PRINTABLE.test(text)) return text;
  const words: string[] = [];
  let chunk = '';
  for (const char of text) {
    // 45 bytes of UTF-8 become 60 base64 characters: each word stays under 75 characters.
    if (Buffer.byteLength(chunk + char, 'utf8') > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  words.push(chunk);
  return words
    .map((word) => `=?UTF-8?B?${Buffer.from(word, 'utf8').toString('base64')}?=`)
    .join('\r\n ');
}

export interface MailboxAddress {
  readonly name: string | null;
  readonly address: string;
}

/** Parses `Name <address>` or a bare `address` (the `MAIL_FROM` setting). */
export function parseMailbox(value: string): MailboxAddress {
  const match = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(value);
  if (match) {
    const name = match[1]?.replace(/^"(.*)"$/, '$1') ?? '';
    return { name: name === '' ? null : name, address: match[2] ?? '' };
  }
  return { name: null, address: value.trim() };
}

/** A mailbox for a header: the display name quoted (or encoded when not ASCII). */
export function formatMailbox(mailbox: MailboxAddress): string {
  if (mailbox.name === null) return mailbox.address;
  const name = ASCII_PRINTABLE.test(mailbox.name)
    ? `"${mailbox.name.replace(/(["\\])/g, '\\$1')}"`
    : encodeHeaderText(mailbox.name);
  return `${name} <${mailbox.address}>`;
}

/** The domain of an address, for Message-ID right-hand sides. */
export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1) || 'localhost';
}
