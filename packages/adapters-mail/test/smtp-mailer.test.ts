import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { MailDeliveryError } from '@reviews/application';
import {
  SettableClock,
  anOutgoingMail,
  CONTRACT_FROM,
  describeMailerContract,
} from '@reviews/application/testing';
import { SmtpMailer, type SmtpServer } from '../src/smtp-mailer.js';
import { freePort } from './local-ses.js';
import { LocalSmtp } from './local-smtp.js';
import { selfSignedCertificate } from './self-signed-certificate.js';
import { StallingSmtp } from './stalling-smtp.js';

const from = `${CONTRACT_FROM.name} <${CONTRACT_FROM.address}>`;
const certificate = selfSignedCertificate();
const credentials = { user: 'mailer', pass: 'correct horse battery staple' };

function smtpMailer(
  server: SmtpServer,
  options: { trusted?: boolean; retryDelaysMs?: number[] } = {},
) {
  return new SmtpMailer({
    server,
    from,
    clock: new SettableClock(new Date('2026-11-27T09:00:00Z')),
    ...(options.trusted === false ? {} : { trustedCertificates: certificate.cert }),
    retryDelaysMs: options.retryDelaysMs ?? [10],
  });
}

let smtps: LocalSmtp;
let starttls: LocalSmtp;

beforeAll(async () => {
  smtps = await LocalSmtp.start({ security: 'tls', certificate, credentials });
  starttls = await LocalSmtp.start({ security: 'starttls', certificate, credentials });
});

afterAll(async () => {
  await smtps.stop();
  await starttls.stop();
});

describeMailerContract('SmtpMailer over TLS from the start (smtps://)', async () => {
  smtps.clear();
  const mailer = smtpMailer({
    host: 'localhost',
    port: smtps.port,
    security: 'tls',
    auth: credentials,
  });
  return { mailer, received: () => smtps.received(), close: async () => mailer.close() };
});

describeMailerContract('SmtpMailer with STARTTLS required (smtp://)', async () => {
  starttls.clear();
  const mailer = smtpMailer({
    host: 'localhost',
    port: starttls.port,
    security: 'starttls',
    auth: credentials,
  });
  return { mailer, received: () => starttls.received(), close: async () => mailer.close() };
});

describe('SmtpMailer', () => {
  const opened: { stop(): Promise<void> }[] = [];
  const mailers: SmtpMailer[] = [];
  const tracked = (mailer: SmtpMailer) => (mailers.push(mailer), mailer);

  beforeEach(() => {
    smtps.clear();
    starttls.clear();
  });

  afterEach(async () => {
    for (const mailer of mailers.splice(0)) mailer.close();
    for (const server of opened.splice(0)) await server.stop();
  });

  it('sends the message the outbox would write, under TLS, authenticated, with the envelope of MAIL_FROM and the recipient', async () => {
    const mailer = tracked(
      smtpMailer({
        host: 'localhost',
        port: starttls.port,
        security: 'starttls',
        auth: credentials,
      }),
    );
    await mailer.send(anOutgoingMail().to('ada@example.com').build());
    const [message] = starttls.accepted;
    expect(message?.envelope).toEqual({ from: CONTRACT_FROM.address, to: ['ada@example.com'] });
    expect(message?.secure).toBe(true);
    expect(message?.user).toBe('mailer');
    const head = message?.raw.toString('utf8').split('\r\n\r\n')[0] ?? '';
    expect(head).toContain('Date: Fri, 27 Nov 2026 09:00:00 +0000');
    expect(head).toMatch(/^Message-ID: <[0-9a-f]{32}@reviews\.example>$/m);
    expect(head).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(starttls.authAttempts).toEqual([{ secure: true }]);
  });

  it('refuses a server that does not offer STARTTLS before any password is sent', async () => {
    const plain = await LocalSmtp.start({ security: 'none', credentials });
    opened.push(plain);
    const mailer = tracked(
      smtpMailer({ host: 'localhost', port: plain.port, security: 'starttls', auth: credentials }),
    );
    await expect(mailer.send(anOutgoingMail().build())).rejects.toBeInstanceOf(MailDeliveryError);
    expect(plain.authAttempts).toEqual([]);
    expect(plain.accepted).toEqual([]);
  });

  it('refuses a server whose certificate it does not trust, sending nothing', async () => {
    const mailer = tracked(
      smtpMailer(
        { host: 'localhost', port: smtps.port, security: 'tls', auth: credentials },
        { trusted: false },
      ),
    );
    const failure = mailer.send(anOutgoingMail().build());
    await expect(failure).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(failure).rejects.toThrow(/permanent: ESOCKET: self-signed certificate/);
    expect(smtps.authAttempts).toEqual([]);
    expect(smtps.accepted).toEqual([]);
  });

  it('speaks plain SMTP only when told to (tls=off, no credentials)', async () => {
    const plain = await LocalSmtp.start({ security: 'none' });
    opened.push(plain);
    const mailer = tracked(smtpMailer({ host: '127.0.0.1', port: plain.port, security: 'none' }));
    await mailer.send(anOutgoingMail().build());
    expect(plain.accepted.map((m) => m.secure)).toEqual([false]);
  });

  it('tries again after a temporary refusal (451) and delivers the message once', async () => {
    const mailer = tracked(
      smtpMailer({
        host: 'localhost',
        port: starttls.port,
        security: 'starttls',
        auth: credentials,
      }),
    );
    starttls.refuseNext(451);
    await mailer.send(anOutgoingMail().to('retry@example.com').build());
    expect(starttls.transactions).toBe(2);
    expect((await starttls.received()).map((m) => m.to)).toEqual(['retry@example.com']);
  });

  it('gives up with MailDeliveryError when the refusal is still temporary after the last retry', async () => {
    const mailer = tracked(
      smtpMailer(
        { host: 'localhost', port: starttls.port, security: 'starttls', auth: credentials },
        { retryDelaysMs: [5, 5] },
      ),
    );
    starttls.refuseNext(421, 451, 452);
    const failure = mailer.send(anOutgoingMail().build());
    await expect(failure).rejects.toThrow(/temporary: 452/);
    expect(starttls.transactions).toBe(3);
    expect(starttls.accepted).toEqual([]);
  });

  it('does not retry a permanent refusal (550): MailDeliveryError at once', async () => {
    const mailer = tracked(
      smtpMailer({
        host: 'localhost',
        port: starttls.port,
        security: 'starttls',
        auth: credentials,
      }),
    );
    starttls.refuseNext(550);
    const failure = mailer.send(anOutgoingMail().build());
    await expect(failure).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(failure).rejects.toThrow(/permanent: 550/);
    expect(starttls.transactions).toBe(1);
  });

  it('does not retry refused credentials (535)', async () => {
    const mailer = tracked(
      smtpMailer({
        host: 'localhost',
        port: starttls.port,
        security: 'starttls',
        auth: { user: 'mailer', pass: 'wrong' },
      }),
    );
    await expect(mailer.send(anOutgoingMail().build())).rejects.toThrow(/permanent: 535/);
    expect(starttls.authAttempts).toEqual([{ secure: true }]);
  });

  it('throws MailDeliveryError while the server is unreachable, and delivers on a later send', async () => {
    const port = await freePort();
    const mailer = tracked(
      smtpMailer({ host: 'localhost', port, security: 'tls', auth: credentials }),
    );
    const mail = anOutgoingMail().to('later@example.com').build();
    await expect(mailer.send(mail)).rejects.toThrow(/temporary: ESOCKET: connect ECONNREFUSED/);

    const revived = await LocalSmtp.start({ security: 'tls', certificate, credentials, port });
    opened.push(revived);
    await mailer.send(mail);
    expect((await revived.received()).map((m) => m.to)).toEqual(['later@example.com']);
  });
});

describe('SmtpMailer against a server that answers too slowly', () => {
  const started: StallingSmtp[] = [];
  const stalling = async (stall: Parameters<typeof StallingSmtp.start>[0]) => {
    const server = await StallingSmtp.start(stall);
    started.push(server);
    return server;
  };
  /** The default retry schedule and deadline, as the service runs them. */
  const asRun = (port: number) =>
    new SmtpMailer({
      server: { host: '127.0.0.1', port, security: 'none' },
      from,
      clock: new SettableClock(new Date('2026-11-27T09:00:00Z')),
    });
  const closedSoon = async (server: StallingSmtp) => {
    for (let waited = 0; server.open > 0 && waited < 1_000; waited += 20) {
      await new Promise((done) => setTimeout(done, 20));
    }
    return server.open;
  };

  afterEach(async () => {
    for (const server of started.splice(0)) await server.stop();
  });

  it('abandons a server that drips a byte every 2 s at the 10 s deadline, closes its connection and tries nothing more', async () => {
    const server = await stalling({ kind: 'drip', everyMs: 2_000 });
    const began = Date.now();
    const failure = asRun(server.port).send(anOutgoingMail().build());
    await expect(failure).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(failure).rejects.toThrow(/did not answer within the mail deadline \(10000 ms\)/);
    const took = Date.now() - began;
    expect(took).toBeGreaterThanOrEqual(9_900);
    expect(took).toBeLessThan(11_000);
    expect(await closedSoon(server)).toBe(0);
    await new Promise((done) => setTimeout(done, 2_500));
    expect(server.connections).toBe(1);
    expect(server.commands).not.toContain('DATA');
  }, 20_000);

  it('gives up on a server that answers each command after 9 s within the 10 s deadline, every connection closed', async () => {
    const server = await stalling({ kind: 'slow', afterMs: 9_000 });
    const began = Date.now();
    const failure = asRun(server.port).send(anOutgoingMail().build());
    await expect(failure).rejects.toBeInstanceOf(MailDeliveryError);
    expect(Date.now() - began).toBeLessThan(10_500);
    expect(await closedSoon(server)).toBe(0);
    const connections = server.connections;
    await new Promise((done) => setTimeout(done, 2_500));
    expect(server.connections).toBe(connections);
    expect(server.commands).not.toContain('DATA');
  }, 20_000);
});
