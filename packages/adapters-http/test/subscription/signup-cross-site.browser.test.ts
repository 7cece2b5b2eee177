import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { chromiumPerSuite, describeWithChromium } from '../support/chromium.js';
import { startSignupServer } from './signup-harness.js';
import type { SignupServer } from './signup-harness.js';

/**
 * Another website (served on `localhost`, while the service is on `127.0.0.1`: another site to
 * the browser) whose page posts our signup form and calls our JSON signup.
 */
async function startOtherSite(target: string): Promise<{ url: string; server: Server }> {
  const page = `<!doctype html><html><body>
<form method="post" action="${target}/subscribe/form">
  <input type="hidden" name="email" value="victim@example.com">
  <input type="hidden" name="consent" value="yes">
  <button type="submit">Win a prize</button>
</form></body></html>`;
  const server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page),
  );
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

describeWithChromium()('signup from another website, in Chromium', () => {
  const browser = chromiumPerSuite();
  let api: SignupServer;
  let other: { url: string; server: Server };
  let page: Page;

  beforeEach(async () => {
    api = await startSignupServer();
    other = await startOtherSite(api.url);
    page = await (await browser().newContext()).newPage();
  });

  afterEach(async () => {
    await page.context().close();
    await new Promise((done) => other.server.close(done));
    await api.close();
  });

  it('refuses the form posted from another site with a 403 page, storing and mailing nothing', async () => {
    await page.goto(`${other.url}/`);
    const [response] = await Promise.all([
      page.waitForNavigation(),
      page.click('button[type=submit]'),
    ]);
    expect(response?.status()).toBe(403);
    expect(await page.textContent('h1')).toBe('Signup not accepted');
    expect(await api.store.findByAddressKey('victim@example.com')).toBeNull();
    expect(await api.outbox()).toEqual([]);
  });

  it('blocks a script on another site from calling the JSON signup', async () => {
    await page.goto(`${other.url}/`);
    const outcome = await page.evaluate(async (target) => {
      try {
        const response = await fetch(`${target}/subscribe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'victim@example.com' }),
        });
        return `answered ${response.status}`;
      } catch (error) {
        return `blocked: ${(error as Error).name}`;
      }
    }, api.url);
    expect(outcome).toBe('blocked: TypeError');
    expect(await api.store.findByAddressKey('victim@example.com')).toBeNull();
    expect(await api.outbox()).toEqual([]);
  });

  it('lets a script on the service’s own origin call the JSON signup', async () => {
    // Our HTML pages forbid scripts by CSP; any document of the origin will do (a JSON 404).
    await page.goto(`${api.url}/no-such-page`);
    const status = await page.evaluate(async () => {
      const response = await fetch('/subscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'own@example.com' }),
      });
      return response.status;
    });
    expect(status).toBe(200);
    expect((await api.outbox()).map((mail) => mail.to)).toEqual(['own@example.com']);
  });
});
