import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MailDeliveryError } from '@reviews/application';
import {
  SettableClock,
  anOutgoingMail,
  CONTRACT_FROM,
  describeMailerContract,
} from '@reviews/application/testing';
import { OutboxMailer } from '../src/outbox-mailer.js';
import { parseReceivedMail } from './received-mail.js';
import type { Logger } from '@reviews/application';

const from = `${CONTRACT_FROM.name} <${CONTRACT_FROM.address}>`;

class RecordingLogger implements Pick<Logger, 'info'> {
  readonly lines: { fields: Record<string, unknown>; message: string }[] = [];
  info(fields: Record<string, unknown>, message: string): void {
    this.lines.push({ fields, message });
  }
}

async function emlFiles(dataDir: string): Promise<string[]> {
  const names = (await readdir(join(dataDir, 'outbox'))).sort();
  return Promise.all(names.map((name) => readFile(join(dataDir, 'outbox', name), 'utf8')));
}

describeMailerContract('OutboxMailer', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'outbox-'));
  const clock = new SettableClock();
  const mailer = new OutboxMailer({ dataDir, from, logger: new RecordingLogger(), clock });
  // Distinct Dates keep file names in sending order.
  const sending = {
    send: async (...args: Parameters<OutboxMailer['send']>) => {
      clock.advanceBy(1000);
      await mailer.send(...args);
    },
  };
  return {
    mailer: sending,
    received: async () => Promise.all((await emlFiles(dataDir)).map(parseReceivedMail)),
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
});

describe('OutboxMailer', () => {
  let dataDir: string;
  let logger: RecordingLogger;
  let mailer: OutboxMailer;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'outbox-'));
    logger = new RecordingLogger();
    mailer = new OutboxMailer({
      dataDir,
      from,
      logger,
      clock: new SettableClock(new Date('2026-11-16T09:00:00Z')),
    });
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes an RFC 5322 multipart/alternative message with Date, Message-ID and MIME-Version', async () => {
    await mailer.send(anOutgoingMail().withSubject('Grüße').build());
    const [eml = ''] = await emlFiles(dataDir);
    const head = eml.slice(0, eml.indexOf('\r\n\r\n'));
    expect(head).toContain('Date: Mon, 16 Nov 2026 09:00:00 +0000');
    expect(head).toMatch(/^Message-ID: <[0-9a-f]{32}@reviews\.example>$/m);
    expect(head).toContain('MIME-Version: 1.0');
    expect(head).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/m);
    expect(head).toMatch(/^Content-Type: multipart\/alternative;\s+boundary="[^"]+"$/m);
    expect(eml.split('\r\n').every((line) => line.length <= 998)).toBe(true);
    expect(eml.indexOf('text/plain')).toBeLessThan(eml.indexOf('text/html'));
  });

  it('folds a long List-Unsubscribe header, and the message parses back to what was sent', async () => {
    const unsubscribe =
      `<https://reviews.example/subscribe/unsubscribe?token=${'t'.repeat(20)}>, ` +
      `<mailto:unsubscribe@reviews.example?subject=${'u'.repeat(30)}>`;
    const mail = anOutgoingMail()
      .withSubject(`Bestätigen Sie Ihre Anmeldung – ${'sehr '.repeat(20)}lang`)
      .withHeaders([
        { name: 'List-Unsubscribe', value: unsubscribe },
        { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      ])
      .build();
    await mailer.send(mail);
    const [eml = ''] = await emlFiles(dataDir);
    const head = eml.slice(0, eml.indexOf('\r\n\r\n')).split('\r\n');
    const start = head.findIndex((line) => line.startsWith('List-Unsubscribe:'));
    expect(head[start + 1]).toMatch(/^[ \t]/);
    expect(head.every((line) => line.length <= 78)).toBe(true);
    const received = await parseReceivedMail(eml);
    expect(received).toMatchObject({ subject: mail.subject, text: mail.text, html: mail.html });
    expect(received.headers['list-unsubscribe']?.replace(/\s+/g, ' ')).toBe(unsubscribe);
    expect(received.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('leaves only finished .eml files, one per message', async () => {
    await Promise.all([1, 2, 3].map(() => mailer.send(anOutgoingMail().build())));
    const names = await readdir(join(dataDir, 'outbox'));
    expect(names).toHaveLength(3);
    expect(names.every((name) => name.endsWith('.eml') && !name.startsWith('.'))).toBe(true);
  });

  it('logs the confirmation link but never the address', async () => {
    await mailer.send(anOutgoingMail().to('secret.person@example.com').build());
    expect(logger.lines).toHaveLength(1);
    expect(logger.lines[0]?.fields.confirmUrl).toBe(
      'https://reviews.example/subscribe/confirm?token=abc',
    );
    expect(JSON.stringify(logger.lines)).not.toContain('secret.person');
  });

  it('announces one plain line with the confirmation link and the file, never the address', async () => {
    const announced: string[] = [];
    const announcing = new OutboxMailer({
      dataDir,
      from,
      logger,
      clock: new SettableClock(new Date('2026-11-16T09:00:00Z')),
      announce: (line) => announced.push(line),
    });
    await announcing.send(anOutgoingMail().to('secret.person@example.com').build());
    const [file = ''] = await readdir(join(dataDir, 'outbox'));
    expect(announced).toEqual([
      `Confirmation link (the mail is ${join(dataDir, 'outbox', file)}): https://reviews.example/subscribe/confirm?token=abc`,
    ]);
  });

  it('throws MailDeliveryError when the outbox cannot be written', async () => {
    const blocked = join(dataDir, 'not-a-directory');
    await writeFile(blocked, '');
    const broken = new OutboxMailer({ dataDir: blocked, from, logger, clock: new SettableClock() });
    await expect(broken.send(anOutgoingMail().build())).rejects.toBeInstanceOf(MailDeliveryError);
    expect(logger.lines).toHaveLength(0);
  });
});
