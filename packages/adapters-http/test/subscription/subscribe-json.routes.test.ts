import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { aSubscription } from '@reviews/application/testing';
import { DAY, startSignupServer } from './signup-harness.js';
import type { SignupServer } from './signup-harness.js';

const roomy = {
  signup: { points: 100, windowSeconds: 3600 },
  mail: { points: 3, windowSeconds: 86_400 },
  pages: { points: 120, windowSeconds: 60 },
};

describe('POST /subscribe (docs/api.md#statuses)', () => {
  let api: SignupServer;

  beforeEach(async () => {
    api = await startSignupServer({ buckets: roomy, blockedDomains: ['spam.example'] });
  });

  afterEach(async () => {
    await api.close();
  });

  async function expectError(response: Response, status: number, pattern: RegExp): Promise<void> {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { error: string };
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toMatch(pattern);
  }

  it('returns 200 accepted for a new address, mails it, and stores it pending with its consent', async () => {
    const response = await api.postJson(
      { email: 'ada@example.com' },
      { 'user-agent': 'test-client/1.0' },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'accepted',
      message: expect.stringMatching(/inbox/),
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('set-cookie')).toBeNull();
    const [mail] = await api.outbox();
    expect(mail?.to).toBe('ada@example.com');
    expect((await api.store.findByAddressKey('ada@example.com'))?.subscription).toMatchObject({
      status: 'pending',
      consent: { source: 'api', userAgent: 'test-client/1.0', clientNetwork: '127.0.0.0/24' },
    });
  });

  it('returns 200 without a second mail for a pending address re-submitted', async () => {
    await api.postJson({ email: 'ada@example.com' });
    const again = await api.postJson({ email: 'ada@example.com' });
    expect(again.status).toBe(200);
    expect(await api.outbox()).toHaveLength(1);
  });

  it.each([
    ['a text body', 'text/plain', 'email=ada@example.com', /must be JSON/],
    ['a form body', 'application/x-www-form-urlencoded', 'email=ada%40example.com', /must be JSON/],
    [
      'JSON in another charset',
      'application/json; charset=latin1',
      '{"email":"ada@example.com"}',
      /UTF-8/,
    ],
    ['malformed JSON', 'application/json', '{"email": "ada@example.com"', /not valid JSON/],
    ['a bare JSON string', 'application/json', '"ada@example.com"', /not valid JSON/],
    ['a JSON array', 'application/json', '["ada@example.com"]', /JSON object/],
    ['a missing member', 'application/json', '{}', /"email" is missing/],
    ['a non-string email', 'application/json', '{"email": 42}', /must be a string/],
    [
      'an extra member',
      'application/json',
      '{"email": "ada@example.com", "name": "Ada"}',
      /Unknown member "name"/,
    ],
    ['an invalid address', 'application/json', '{"email": "not an address"}', /name@example.com/],
    [
      'an address over 254 characters',
      'application/json',
      JSON.stringify({ email: `${'a'.repeat(250)}@example.com` }),
      /longer than 254/,
    ],
  ])('returns 400 for %s', async (_case, type, body, pattern) => {
    const response = await fetch(`${api.url}/subscribe`, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });
    await expectError(response, 400, pattern);
  });

  it('returns 400 for a POST without a body', async () => {
    await expectError(await fetch(`${api.url}/subscribe`, { method: 'POST' }), 400, /must be JSON/);
  });

  it('returns 400 for a body nested more than 64 levels deep, before parsing it', async () => {
    const nested = (depth: number) =>
      fetch(`${api.url}/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"email":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`,
      });
    // 64 levels are parsed, and the schema says what is wrong with them.
    await expectError(await nested(64), 400, /must be a string/);
    await expectError(await nested(65), 400, /more than 64 levels deep/);
    await expectError(await nested(500), 400, /more than 64 levels deep/);
  });

  it('returns 413 for a body over 1 KiB, however deep', async () => {
    const deep = await fetch(`${api.url}/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"email":${'['.repeat(600)}${']'.repeat(600)}}`,
    });
    await expectError(deep, 413, /over 1 KiB/);
  });

  it('returns 413 for a body over 1 KiB', async () => {
    const response = await api.postJson({ email: 'ada@example.com', padding: 'x'.repeat(1100) });
    await expectError(response, 413, /over 1 KiB/);
  });

  it('returns 403 for a blocked domain and its subdomains, without storing anything', async () => {
    await expectError(await api.postJson({ email: 'a@spam.example' }), 403, /domain/);
    await expectError(await api.postJson({ email: 'a@mail.Spam.Example' }), 403, /domain/);
    expect(await api.store.findByAddressKey('a@spam.example')).toBeNull();
  });

  it('returns 403 for a suppressed address', async () => {
    await api.store.insert(
      aSubscription().withAddress('bounced@example.com').suppressed('bounced').build(),
    );
    await expectError(await api.postJson({ email: 'bounced@example.com' }), 403, /undeliverable/);
    expect(await api.outbox()).toHaveLength(0);
  });

  it('returns 403 for 30 days, without mail, after the owner cancelled the signup', async () => {
    await api.postJson({ email: 'ada@example.com' });
    const [mail] = await api.outbox();
    await fetch(mail!.unsubscribeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    api.clock.advanceBy(29 * DAY);
    await expectError(await api.postJson({ email: 'ADA@example.com' }), 403, /cancelled/);
    expect(await api.outbox()).toHaveLength(1);
    api.clock.advanceBy(DAY);
    expect((await api.postJson({ email: 'ada@example.com' })).status).toBe(200);
    expect(await api.outbox()).toHaveLength(2);
  });

  it('returns 409 for an address already confirmed', async () => {
    await api.postJson({ email: 'ada@example.com' });
    const [mail] = await api.outbox();
    await api.postForm('/subscribe/confirm', { token: mail!.confirmToken });
    await expectError(await api.postJson({ email: 'ada@example.com' }), 409, /already subscribed/);
  });

  it('returns 502 with the signup kept pending when the mail cannot be sent, and accepts the retry', async () => {
    await writeFile(join(api.dataDir, 'outbox'), 'not a directory');
    await expectError(await api.postJson({ email: 'ada@example.com' }), 502, /could not send/);
    expect((await api.store.findByAddressKey('ada@example.com'))?.subscription.status).toBe(
      'pending',
    );
    await rm(join(api.dataDir, 'outbox'));
    expect((await api.postJson({ email: 'ada@example.com' })).status).toBe(200);
    expect(await api.outbox()).toHaveLength(1);
  });

  it('returns 503 with Retry-After when the store is unavailable', async () => {
    await api.store.close();
    const response = await api.postJson({ email: 'ada@example.com' });
    expect(response.headers.get('retry-after')).toBe('60');
    await expectError(response, 503, /temporarily unavailable/);
  });

  it('never logs the address', async () => {
    await api.postJson({ email: 'secret.person@example.com' });
    await api.postJson({ email: 'secret.person@example.com', extra: 1 });
    await api.store.close();
    await api.postJson({ email: 'secret.person@example.com' });
    expect(api.logger.lines.length).toBeGreaterThan(0);
    expect(
      JSON.stringify(api.logger.lines, (_k, v: unknown) =>
        v instanceof Error ? `${v.message} ${String(v.cause)}` : v,
      ),
    ).not.toContain('secret.person');
  });
});

describe('POST /subscribe when signups are switched off', () => {
  it('returns 503 without logging an error or a stack trace', async () => {
    const api = await startSignupServer({ signupsEnabled: false });
    try {
      const response = await api.postJson({ email: 'ada@example.com' });
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: string }).error).toMatch(/switched off/);
      expect(api.logger.lines.filter((line) => line.level !== 'info')).toEqual([]);
      expect(JSON.stringify(api.logger.lines)).not.toMatch(/stack|err/i);
    } finally {
      await api.close();
    }
  });
});

describe('POST /subscribe when something unexpected breaks', () => {
  it('answers 500 and logs the failure as an error, without the address', async () => {
    const api = await startSignupServer();
    try {
      // A bug, not an outage: the store throws something that is not "unavailable".
      api.store.findByAddressKey = () => Promise.reject(new TypeError('a bug in the store'));
      const response = await api.postJson({ email: 'ada@example.com' });
      expect(response.status).toBe(500);
      const errors = api.logger.lines.filter((line) => line.level === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]!.message).toBe('request failed');
      expect(JSON.stringify(api.logger.lines)).not.toContain('ada@example.com');
    } finally {
      await api.close();
    }
  });
});
