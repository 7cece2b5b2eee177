import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { DAY, HOUR, startSignupServer } from './signup-harness.js';
import type { OutboxMail, SignupServer } from './signup-harness.js';

describe('the verification mail and its links', () => {
  let api: SignupServer;
  let mail: OutboxMail;

  beforeEach(async () => {
    api = await startSignupServer();
    await api.postJson({ email: 'ada@example.com' });
    [mail] = (await api.outbox()) as [OutboxMail];
  });

  afterEach(async () => {
    await api.close();
  });

  const statusOf = async () =>
    (await api.store.findByAddressKey('ada@example.com'))?.subscription.status;
  const oneClick = (url: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });

  it('says what was asked, by whom, how to confirm, and that ignoring it changes nothing', () => {
    expect(mail.subject).toBe('Confirm your newsletter signup at Tool Reviews');
    expect(mail.text).toContain(`newsletter of Tool Reviews (${api.url})`);
    expect(mail.text).toContain(`${api.url}/subscribe/confirm?token=${mail.confirmToken}`);
    expect(mail.text).toMatch(/48 hours.*nothing happens/s);
    expect(mail.unsubscribeUrl).toBe(
      `${api.url}/subscribe/unsubscribe?token=${mail.unsubscribeToken}`,
    );
  });

  it('shows a Confirm button on GET and confirms nothing (link scanners are harmless)', async () => {
    const page = await fetch(`${api.url}/subscribe/confirm?token=${mail.confirmToken}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const body = await page.text();
    expect(body).toContain('<form method="post" action="/subscribe/confirm">');
    expect(body).toContain(`value="${mail.confirmToken}"`);
    await fetch(`${api.url}/subscribe/confirm?token=${mail.confirmToken}`, { method: 'HEAD' });
    expect(await statusOf()).toBe('pending');
  });

  it('confirms on POST, then shows "already confirmed" for the same link, never an error', async () => {
    const first = await api.postForm('/subscribe/confirm', { token: mail.confirmToken });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('You are subscribed');
    expect(await statusOf()).toBe('confirmed');
    const again = await api.postForm('/subscribe/confirm', { token: mail.confirmToken });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('Already confirmed');
    const page = await fetch(`${api.url}/subscribe/confirm?token=${mail.confirmToken}`);
    expect(await page.text()).toContain('Already confirmed');
  });

  it('refuses a confirmation after 48 hours with 410 and keeps the signup pending', async () => {
    api.clock.advanceBy(48 * HOUR + 1000);
    const response = await api.postForm('/subscribe/confirm', { token: mail.confirmToken });
    expect(response.status).toBe(410);
    expect(await response.text()).toContain('expired');
    expect(await statusOf()).toBe('pending');
  });

  it('answers 404 to an unknown token and 400 to a malformed one', async () => {
    const unknown = await api.postForm('/subscribe/confirm', { token: 'A'.repeat(43) });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('not valid');
    expect((await fetch(`${api.url}/subscribe/confirm?token=<script>`)).status).toBe(400);
    expect((await fetch(`${api.url}/subscribe/confirm`)).status).toBe(400);
  });

  it('unsubscribes a confirmed address with RFC 8058 one-click, and reports reuse as already unsubscribed', async () => {
    await api.postForm('/subscribe/confirm', { token: mail.confirmToken });
    const response = await oneClick(mail.unsubscribeUrl);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('You are unsubscribed');
    expect(await statusOf()).toBe('unsubscribed');
    const again = await oneClick(mail.unsubscribeUrl);
    expect(await again.text()).toContain('Already unsubscribed');
    const page = await fetch(mail.unsubscribeUrl);
    expect(await page.text()).toContain('Already unsubscribed');
  });

  it('shows an Unsubscribe-shaped page on GET that cancels nothing, and cancels on POST', async () => {
    const page = await fetch(mail.unsubscribeUrl);
    expect(await page.text()).toContain('Cancel signup');
    expect(await statusOf()).toBe('pending');
    const response = await api.postForm('/subscribe/unsubscribe', { token: mail.unsubscribeToken });
    expect(await response.text()).toContain('Signup cancelled');
    expect(await statusOf()).toBe('declined');
  });

  it('lets an unsubscribed address sign up again with a new mail', async () => {
    await api.postForm('/subscribe/confirm', { token: mail.confirmToken });
    await oneClick(mail.unsubscribeUrl);
    api.clock.advanceBy(DAY);
    expect((await api.postJson({ email: 'ada@example.com' })).status).toBe(200);
    expect(await api.outbox()).toHaveLength(2);
    expect(await statusOf()).toBe('pending');
  });

  it('answers the link pages with 503 while the store is unavailable', async () => {
    await api.store.close();
    expect((await fetch(`${api.url}/subscribe/confirm?token=${mail.confirmToken}`)).status).toBe(
      503,
    );
    expect((await oneClick(mail.unsubscribeUrl)).status).toBe(503);
  });
});
