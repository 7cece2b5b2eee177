import { afterAll, beforeAll, describe } from '@jest/globals';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, driven by playwright-core (nothing downloads a browser). */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * `describe` when Chromium is installed. Without it: in CI (which installs it) the suite fails
 * loudly; elsewhere it is skipped with a banner saying so, so the README's test command still
 * works on a machine that has only Node and npm.
 */
export function describeWithChromium(): typeof describe | typeof describe.skip {
  if (existsSync(CHROMIUM_PATH)) return describe;
  if (process.env['CI'] === 'true') {
    throw new Error(`Chromium is required in CI but ${CHROMIUM_PATH} does not exist.`);
  }
  console.warn(
    `\n*** SKIPPED: browser tests need Chromium at ${CHROMIUM_PATH} (apt-get install chromium); .ci/run installs it. ***\n`,
  );
  return describe.skip;
}

/**
 * One Chromium for the enclosing `describe`: launched before its first test, closed after its
 * last. Returns the browser's accessor (there is none before `beforeAll` has run).
 */
export function chromiumPerSuite(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (browser === undefined) throw new Error('Chromium is used before beforeAll launched it.');
    return browser;
  };
}
