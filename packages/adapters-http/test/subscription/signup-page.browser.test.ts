import { beforeEach, afterEach, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { startSignupServer } from './signup-harness.js';
import type { SignupServer } from './signup-harness.js';
import { chromiumPerSuite, describeWithChromium } from '../support/chromium.js';

describeWithChromium()('the /subscribe page in Chromium', () => {
  const browser = chromiumPerSuite();
  let api: SignupServer;
  let page: Page;

  beforeEach(async () => {
    api = await startSignupServer();
    const context = await browser().newContext({ javaScriptEnabled: false });
    page = await context.newPage();
  });

  afterEach(async () => {
    await page.context().close();
    await api.close();
  });

  it('signs up through the form with consent ticked, without JavaScript, and the mail is in the outbox', async () => {
    await page.goto(`${api.url}/subscribe`);
    expect(await page.isChecked('#consent')).toBe(false);
    await page.fill('#email', 'grace@example.org');
    await page.check('#consent');
    const [response] = await Promise.all([
      page.waitForNavigation(),
      page.click('button[type=submit]'),
    ]);
    expect(response?.status()).toBe(200);
    expect(await page.textContent('h1')).toBe('Signup received');
    expect(await page.textContent('main .notice')).toMatch(/^Check your inbox: /);
    const mails = await api.outbox();
    expect(mails.map((m) => m.to)).toEqual(['grace@example.org']);
    expect(
      (await api.store.findByAddressKey('grace@example.org'))?.subscription.consent?.source,
    ).toBe('page');
    expect((await page.context().cookies()).length).toBe(0);
  });

  it('does not send the form without consent: the box is required, so no signup of the hour is spent', async () => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.goto(`${api.url}/subscribe`);
    await page.fill('#email', 'grace@example.org');
    await page.click('button[type=submit]');
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/subscribe');
    expect(await page.locator('#consent:invalid').count()).toBe(1);
    expect(await page.inputValue('#email')).toBe('grace@example.org');
    await page.check('#consent');
    expect(await page.locator('#consent:invalid').count()).toBe(0);
  });

  it('refuses a post without consent that skipped the browser check, with a clear message, keeping what was typed', async () => {
    const response = await api.postForm('/subscribe/form', { email: 'grace@example.org' });
    expect(response.status).toBe(400);
    await page.setContent(await response.text());
    expect(await page.textContent('[role=alert]')).toContain('Tick the box');
    expect(await page.inputValue('#email')).toBe('grace@example.org');
    expect(await api.outbox()).toHaveLength(0);
    expect(await api.store.findByAddressKey('grace@example.org')).toBeNull();
  });

  it('confirms from the mail link only when the button is pressed', async () => {
    await api.postJson({ email: 'grace@example.org' });
    const [mail] = await api.outbox();
    await page.goto(`${api.url}/subscribe/confirm?token=${mail!.confirmToken}`);
    expect((await api.store.findByAddressKey('grace@example.org'))?.subscription.status).toBe(
      'pending',
    );
    await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
    expect(await page.textContent('h1')).toBe('You are subscribed');
    expect((await api.store.findByAddressKey('grace@example.org'))?.subscription.status).toBe(
      'confirmed',
    );
  });
});

describe('POST /subscribe/form', () => {
  it('escapes what was typed when it shows the form again', async () => {
    const api = await startSignupServer();
    try {
      const response = await api.postForm('/subscribe/form', {
        email: '"><script>alert(1)</script>',
      });
      const body = await response.text();
      expect(response.status).toBe(400);
      expect(body).not.toContain('<script>alert(1)');
      expect(body).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    } finally {
      await api.close();
    }
  });

  it('answers the form with an HTML 429 page once the signup bucket is empty', async () => {
    const api = await startSignupServer();
    try {
      for (let i = 0; i < 5; i++)
        await api.postForm('/subscribe/form', { email: `p${i}@example.com`, consent: 'yes' });
      const response = await api.postForm('/subscribe/form', {
        email: 'p9@example.com',
        consent: 'yes',
      });
      expect(response.status).toBe(429);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await response.text()).toContain('Too many signup attempts');
    } finally {
      await api.close();
    }
  });
});
