import { afterEach, describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MINUTE, startSignupServer } from './signup-harness.js';
import type { SignupServer } from './signup-harness.js';

const roomy = {
  signup: { points: 100, windowSeconds: 3600 },
  mail: { points: 3, windowSeconds: 86_400 },
  pages: { points: 120, windowSeconds: 60 },
};

describe('signup limits and identity over HTTP', () => {
  let api: SignupServer;

  afterEach(async () => {
    await api.close();
  });

  it('counts every POST in the signup bucket, valid or not, and answers the sixth with 429', async () => {
    api = await startSignupServer();
    const answers = [
      await api.postJson({ email: 'a@example.com' }),
      await api.postJson('not json'),
      await api.postJson({ email: 'a@example.com', extra: true }),
      await fetch(`${api.url}/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'x',
      }),
      await api.postJson({ email: 'b@example.com' }),
      await api.postJson({ email: 'c@example.com' }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 400, 400, 400, 200, 429]);
    const limited = answers[5]!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('ratelimit-policy')).toBe('"signup";q=5;w=3600');
    expect(limited.headers.get('ratelimit')).toMatch(/^"signup";r=0;t=\d+$/);
    expect(((await limited.json()) as { error: string }).error).toMatch(
      /Too many signup attempts.*Wait \d+ minutes?/,
    );
    expect(answers[0]!.headers.get('ratelimit')).toMatch(/^"signup";r=4;t=\d+$/);
  });

  it('counts one mailbox once in the mail bucket: +tags and Gmail dots, mailing each as typed', async () => {
    api = await startSignupServer({ buckets: roomy });
    const spellings = [
      'ada.lovelace@gmail.com',
      'adalovelace+news@gmail.com',
      'Ada.Love.Lace@googlemail.com',
    ];
    for (const email of spellings) expect((await api.postJson({ email })).status).toBe(200);
    const fourth = await api.postJson({ email: 'a.d.a.lovelace+x@gmail.com' });
    expect(fourth.status).toBe(429);
    expect((await api.outbox()).map((mail) => mail.to).sort()).toEqual([...spellings].sort());
    expect((await api.postJson({ email: 'ada.lovelace+x@example.com' })).status).toBe(200);
  });

  it('resends after 15 minutes only, and refuses a fourth mail in 24 hours with 429 whatever the network', async () => {
    api = await startSignupServer({ buckets: roomy });
    expect((await api.postJson({ email: 'ada@example.com' })).status).toBe(200);
    api.clock.advanceBy(14 * MINUTE);
    expect((await api.postJson({ email: 'ada@example.com' })).status).toBe(200);
    expect(await api.outbox()).toHaveLength(1);
    api.clock.advanceBy(MINUTE);
    expect((await api.postJson({ email: 'ada@example.com' })).status).toBe(200);
    api.clock.advanceBy(15 * MINUTE);
    expect((await api.postJson({ email: 'Ada@Example.com' })).status).toBe(200);
    expect(await api.outbox()).toHaveLength(3);
    api.clock.advanceBy(15 * MINUTE);
    const fourth = await api.postJson({ email: 'ada@example.com' });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(((await fourth.json()) as { error: string }).error).toMatch(
      /most confirmation mails allowed in 24 hours/,
    );
    expect(await api.outbox()).toHaveLength(3);
  });

  it('makes one record and one mail from 20 parallel signups of one address', async () => {
    api = await startSignupServer({ buckets: roomy });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.postJson({ email: i % 2 === 0 ? 'ada@example.com' : 'ADA@Example.COM' }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await api.outbox()).toHaveLength(1);
    const log = await readFile(join(api.dataDir, 'subscriptions', 'subscriptions.jsonl'), 'utf8');
    // One record: inserted once, then its mail claimed and marked sent (three writes, one key).
    const lines = log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { version: number; subscription: { addressKey: string } });
    expect(lines.map((line) => line.version)).toEqual([1, 2, 3]);
    expect(new Set(lines.map((line) => line.subscription.addressKey))).toEqual(
      new Set(['ada@example.com']),
    );
  });

  it('treats case variants and the Unicode and punycode forms of a domain as one address', async () => {
    api = await startSignupServer({ buckets: roomy });
    for (const email of [
      'A@Example.COM',
      'a@example.com',
      ' jose@Bücher.Example ',
      'JOSE@xn--bcher-kva.example',
    ]) {
      expect((await api.postJson({ email })).status).toBe(200);
    }
    // mailparser shows the punycode domain in its Unicode form again.
    expect((await api.outbox()).map((m) => m.to).sort()).toEqual([
      'A@example.com',
      'jose@bücher.example',
    ]);
    expect(await api.store.findByAddressKey('jose@xn--bcher-kva.example')).not.toBeNull();
  });
});
