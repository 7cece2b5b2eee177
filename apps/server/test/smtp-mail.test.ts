import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileSubscriptionStore } from '@reviews/adapters-persistence';
import { LocalSmtp } from '../../../packages/adapters-mail/test/local-smtp.js';
import { startServerProcess, type ServerProcess } from './support/server-process.js';

const work = mkdtempSync(path.join(tmpdir(), 'reviews-smtp-mail-'));
const BASE = 'https://reviews.example';
let smtp: LocalSmtp;
let server: ServerProcess;
let url: string;

beforeAll(async () => {
  // A loopback relay without TLS: SMTP_URL=smtp://127.0.0.1:… may stay plain there.
  smtp = await LocalSmtp.start({ security: 'none' });
  server = startServerProcess({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: work,
    PUBLIC_BASE_URL: BASE,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Tool Reviews <no-reply@reviews.example>',
  });
  url = await server.listening;
}, 60_000);

afterAll(async () => {
  server.signal('SIGTERM');
  await server.exited;
  await smtp.stop();
  rmSync(work, { recursive: true, force: true });
});

const signUp = (email: string) =>
  fetch(`${url}/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });

describe('the built server with SMTP_URL', () => {
  it('mails the confirmation link and the List-Unsubscribe headers through the SMTP server', async () => {
    expect((await signUp('ada@example.com')).status).toBe(200);
    const [received] = await smtp.received();
    expect(smtp.accepted[0]?.envelope).toEqual({
      from: 'no-reply@reviews.example',
      to: ['ada@example.com'],
    });
    expect(received?.subject).toBe('Confirm your newsletter signup at Developer Tool Reviews');
    expect(received?.text).toMatch(
      new RegExp(`${BASE}/subscribe/confirm\\?token=[A-Za-z0-9_-]{43}`),
    );
    expect(received?.headers['list-unsubscribe']).toMatch(
      new RegExp(`^<${BASE}/subscribe/unsubscribe\\?token=[A-Za-z0-9_-]{43}>$`),
    );
    expect(received?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('tries a temporary refusal (451) again and answers 200 with one message delivered', async () => {
    smtp.clear();
    smtp.refuseNext(451);
    expect((await signUp('grace@example.com')).status).toBe(200);
    expect(smtp.transactions).toBe(2);
    expect(smtp.accepted.map((m) => m.envelope.to)).toEqual([['grace@example.com']]);
  });

  it('answers 502 on a permanent refusal (550) and keeps the signup pending, not suppressed; the retry mails', async () => {
    smtp.clear();
    smtp.refuseNext(550);
    const refused = await signUp('bounce@example.com');
    expect(refused.status).toBe(502);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(smtp.transactions).toBe(1);
    // A refused send is not a bounce notice: nothing suppresses the address.
    const store = await FileSubscriptionStore.open(work);
    try {
      const stored = await store.findByAddressKey('bounce@example.com');
      expect(stored?.subscription).toMatchObject({ status: 'pending', suppressionReason: null });
    } finally {
      await store.close();
    }

    const retry = await signUp('bounce@example.com');
    expect(retry.status).toBe(200);
    expect(smtp.accepted.map((m) => m.envelope.to)).toEqual([['bounce@example.com']]);
  });

  it('logs no address, neither from the signups nor from the SMTP replies', () => {
    expect(server.output()).not.toMatch(/(ada|grace|bounce)@example\.com/);
  });
});
