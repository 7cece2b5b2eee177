import { simpleParser } from 'mailparser';
import { type ReceivedMail } from '@reviews/application/testing';

/** An RFC 5322 message as the contract compares it: parsed with mailparser, header names lower-cased. */
export async function parseReceivedMail(message: string | Buffer): Promise<ReceivedMail> {
  const parsed = await simpleParser(message);
  const headers = Object.fromEntries(
    parsed.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()]),
  );
  return {
    from: parsed.from?.text ?? '',
    to: [parsed.to ?? []]
      .flat()
      .map((a) => a.text)
      .join(', '),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    headers,
  };
}
