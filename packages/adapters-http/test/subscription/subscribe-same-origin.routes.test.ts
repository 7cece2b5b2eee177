import { afterEach, describe, expect, it } from '@jest/globals';
import { startSignupServer } from './signup-harness.js';
import type { SignupServer } from './signup-harness.js';

const FIELDS = { email: 'ada@example.com', consent: 'yes' };

describe('signup from other sites (docs/api.md#no-website-can-sign-its-visitors-up)', () => {
  let api: SignupServer;

  afterEach(async () => {
    await api.close();
  });

  it.each([
    ['a cross-site Origin', { origin: 'https://evil.example' }],
    ['the opaque Origin null', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    [
      'Sec-Fetch-Site: cross-site and our own Origin',
      { 'sec-fetch-site': 'cross-site', origin: 'ORIGIN' },
    ],
    ['another port of the same host', { origin: 'http://127.0.0.1:1' }],
  ])('refuses a form post with %s: 403 page, nothing stored, no mail', async (_, headers) => {
    api = await startSignupServer();
    const sent = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, value === 'ORIGIN' ? api.url : value]),
    );
    const response = await api.postForm('/subscribe/form', FIELDS, sent);
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await response.text();
    expect(page).toContain('Signup not accepted');
    expect(page).toContain(`${api.url}/subscribe`);
    expect(await api.store.findByAddressKey('ada@example.com')).toBeNull();
    expect(await api.outbox()).toEqual([]);
  });

  it('refuses before counting: cross-site posts do not use up the signup bucket', async () => {
    api = await startSignupServer();
    for (let i = 0; i < 6; i++) {
      const refused = await api.postForm('/subscribe/form', FIELDS, {
        origin: 'https://evil.example',
      });
      expect(refused.status).toBe(403);
    }
    const own = await api.postForm('/subscribe/form', FIELDS, { origin: api.url });
    expect(own.status).toBe(200);
  });

  it('accepts a post from the origin of PUBLIC_BASE_URL, and one with neither header (curl)', async () => {
    api = await startSignupServer();
    const own = await api.postForm('/subscribe/form', FIELDS, {
      origin: api.url,
      'sec-fetch-site': 'same-origin',
    });
    expect(own.status).toBe(200);
    const plain = await api.postForm('/subscribe/form', { ...FIELDS, email: 'bob@example.com' });
    expect(plain.status).toBe(200);
    // What Chromium sends from our own no-referrer page.
    const nullOwn = await api.postForm(
      '/subscribe/form',
      { ...FIELDS, email: 'cy@example.com' },
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    );
    expect(nullOwn.status).toBe(200);
    expect((await api.outbox()).map((mail) => mail.to).sort()).toEqual([
      'ada@example.com',
      'bob@example.com',
      'cy@example.com',
    ]);
  });

  it('compares against PUBLIC_BASE_URL, not the host the request came in on', async () => {
    api = await startSignupServer({ publicBaseUrl: 'https://reviews.example/' });
    const local = await api.postForm('/subscribe/form', FIELDS, { origin: api.url });
    expect(local.status).toBe(403);
    expect(await local.text()).toContain('https://reviews.example/subscribe');
    const own = await api.postForm('/subscribe/form', FIELDS, {
      origin: 'https://reviews.example',
    });
    expect(own.status).toBe(200);
  });

  it('grants no CORS permission on the JSON signup: a preflight gets no Access-Control-Allow-*', async () => {
    api = await startSignupServer();
    const preflight = await fetch(`${api.url}/subscribe`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    const granted = [...preflight.headers.keys()].filter((name) =>
      name.startsWith('access-control-'),
    );
    expect(granted).toEqual([]);
    const post = await api.postJson(
      { email: 'ada@example.com' },
      { origin: 'https://evil.example' },
    );
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('still accepts a direct JSON signup from a script or agent', async () => {
    api = await startSignupServer();
    const post = await api.postJson({ email: 'ada@example.com' });
    expect(post.status).toBe(200);
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
  });
});
