import { afterAll, beforeAll } from '@jest/globals';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import {
  describeWhenAvailable,
  type SuiteDeclarer,
} from '../../../../test/skipped-groups/describe-when-available.js';

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
 * `describe` when Chromium is installed; otherwise the Chromium group is skipped (or fails in CI,
 * which installs it) by the one rule for optional groups, and the run's summary names it, so the
 * README's test command still works on a machine that has only Node and npm.
 */
export function describeWithChromium(): SuiteDeclarer {
  return describeWhenAvailable({
    group: 'Chromium',
    using: CHROMIUM_PATH,
    missing: existsSync(CHROMIUM_PATH) ? null : `no browser at ${CHROMIUM_PATH}`,
    enable: 'apt-get install chromium (.ci/run does), or set CHROMIUM_PATH',
  });
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
