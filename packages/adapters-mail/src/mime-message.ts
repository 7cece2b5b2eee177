import { randomBytes } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import mimeFuncs from 'nodemailer/lib/mime-funcs/index.js';
import type { OutgoingMail } from '@reviews/application';

/**
 * Renders a mail as an RFC 5322 message with nodemailer's `MailComposer`: CRLF line ends, `Date`,
 * `Message-ID`, `MIME-Version`, non-ASCII headers as RFC 2047 encoded words, long headers folded,
 * and a multipart/alternative body (plain text first, then HTML, as RFC 2046 orders them), 7bit
 * when ASCII and quoted-printable otherwise, so the `.eml` stays readable.
 */
export async function renderMimeMessage(
  mail: OutgoingMail,
  from: string,
  date: Date,
): Promise<Buffer> {
  const composer = new MailComposer({
    from,
    to: mail.to,
    subject: mail.subject,
    date,
    messageId: `<${randomBytes(16).toString('hex')}@${domainOf(senderOf(from).address)}>`,
    text: mail.text,
    html: mail.html,
    textEncoding: 'quoted-printable',
    headers: mail.headers.map((header) => ({ key: header.name, value: header.value })),
  });
  return composer.compile().build();
}

/** The sender of `MAIL_FROM` (`Name <address>` or a bare address), as a `From` value. */
export function formatSender(from: string): string {
  const { name, address } = senderOf(from);
  if (name === '') return address;
  const display = /^[\x20-\x7e]*$/.test(name)
    ? `"${name.replace(/(["\\])/g, '\\$1')}"`
    : mimeFuncs.encodeWord(name, 'B');
  return `${display} <${address}>`;
}

/** The address of `MAIL_FROM` alone, for the SMTP envelope (`MAIL FROM`). */
export function senderAddress(from: string): string {
  return senderOf(from).address;
}

function senderOf(from: string): addressparser.Address {
  return addressparser(from, { flatten: true })[0] ?? { name: '', address: from.trim() };
}

/** The domain of an address, for Message-ID right-hand sides. */
function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1) || 'localhost';
}
