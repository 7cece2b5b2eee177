import { randomBytes } from 'node:crypto';
import type { OutgoingMail } from '@reviews/application';
import { domainOf, encodeHeaderText, formatMailbox } from './mail-headers.js';
import type { MailboxAddress } from './mail-headers.js';
import { encodeQuotedPrintable } from './quoted-printable.js';

/**
 * Renders a mail as an RFC 5322 message: CRLF line ends, `Date`, `Message-ID`, `MIME-Version`,
 * non-ASCII headers as encoded words, and a multipart/alternative body (plain text first, then
 * HTML, as RFC 2046 orders them) in quoted-printable so the `.eml` stays readable.
 */
export function renderMimeMessage(mail: OutgoingMail, from: MailboxAddress, date: Date): string {
  const boundary = `=_alt_${randomBytes(12).toString('hex')}`;
  const messageId = `<${randomBytes(16).toString('hex')}@${domainOf(from.address)}>`;
  const headers = [
    `From: ${formatMailbox(from)}`,
    `To: ${mail.to}`,
    `Subject: ${encodeHeaderText(mail.subject)}`,
    `Date: ${rfc5322Date(date)}`,
    `Message-ID: ${messageId}`,
    'MIME-Version: 1.0',
    ...mail.headers.map((header) => `${header.name}: ${header.value}`),
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ];
  const part = (type: string, body: string) =>
    [
      `--${boundary}`,
      `Content-Type: ${type}; charset=utf-8`,
      'Content-Transfer-Encoding: quoted-printable',
      '',
      encodeQuotedPrintable(body),
    ].join('\r\n');
  return [
    ...headers,
    '',
    part('text/plain', mail.text),
    part('text/html', mail.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Mon, 16 Nov 2026 09:00:00 +0000` (RFC 5322 §3.3), always in UTC. */
export function rfc5322Date(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${DAYS[date.getUTCDay()]}, ${pad(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ` +
    `${date.getUTCFullYear()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:` +
    `${pad(date.getUTCSeconds())} +0000`
  );
}
