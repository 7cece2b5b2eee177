import { describe, expect, it } from '@jest/globals';
import { ConfigurationError, loadConfig } from '../src/config/server-config.js';

describe('loadConfig', () => {
  it('applies the defaults of contract §0', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicBaseUrl: 'http://localhost:3000',
      dataDir: '/srv/app/data',
      trustProxy: false,
      rateLimits: { api: 60, search: 30, signup: 5, mail: 3, pages: 120 },
      signupsEnabled: true,
      signupBlockedDomains: [],
      mailFrom: 'Reviews <no-reply@localhost>',
      ses: undefined,
    });
    expect(config.catalogFile).toMatch(/apps\/server\/catalog\/sample-catalog\.json$/);
    expect(config.historicalNotice).toBe(
      'Historical reviews reflect the assessment at publication and do not establish current capabilities of a tool.',
    );
  });

  it('derives the base URL from PORT and strips a trailing slash from PUBLIC_BASE_URL', () => {
    expect(loadConfig({ PORT: '8080' }).publicBaseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://reviews.example/' }).publicBaseUrl).toBe(
      'https://reviews.example',
    );
  });

  it('parses trust proxy as a hop count or an address list', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'loopback',
    ]);
  });

  it('reads signup settings', () => {
    const config = loadConfig({
      SIGNUPS_ENABLED: 'false',
      SIGNUP_BLOCKED_DOMAINS: 'Spam.example, ,junk.example',
    });
    expect(config.signupsEnabled).toBe(false);
    expect(config.signupBlockedDomains).toEqual(['spam.example', 'junk.example']);
  });

  it.each([
    [
      { PORT: 'abc' },
      /^Invalid setting PORT: PORT must be a whole number from 0 to 65535 \(got "abc"\)\.$/,
    ],
    [{ PORT: '70000' }, /PORT/],
    [{ PUBLIC_BASE_URL: 'ftp://x' }, /PUBLIC_BASE_URL must be an http\(s\) address/],
    [{ TRUST_PROXY: 'not-an-ip' }, /TRUST_PROXY/],
    [{ RATE_LIMIT_API: '0' }, /RATE_LIMIT_API/],
    [{ SIGNUPS_ENABLED: 'maybe' }, /SIGNUPS_ENABLED must be true or false/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ MONGODB_URL: 'mongodb://localhost' }, /MONGODB_URL/],
  ])('refuses %p with a line naming the setting', (env, line) => {
    expect(() => loadConfig(env)).toThrow(ConfigurationError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as ConfigurationError).problems.some((p) => line.test(p))).toBe(true);
    }
  });

  it('reads the metrics settings: on the service port by default, a port of its own, or off', () => {
    expect(loadConfig({}).metrics).toEqual({ enabled: true });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ enabled: true, port: 9464 });
    expect(loadConfig({ METRICS_ENABLED: 'false', METRICS_PORT: '9464' }).metrics).toEqual({
      enabled: false,
    });
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(
      'Invalid setting METRICS_PORT: METRICS_PORT must be a whole number from 0 to 65535 (got "nine").',
    );
    expect(() => loadConfig({ METRICS_ENABLED: 'maybe' })).toThrow(
      'Invalid setting METRICS_ENABLED: METRICS_ENABLED must be true or false',
    );
  });

  it('lists every bad setting at once', () => {
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'y' });
      throw new Error('expected a ConfigurationError');
    } catch (error) {
      expect((error as ConfigurationError).problems).toHaveLength(2);
    }
  });
});
