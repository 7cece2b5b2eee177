import { describe, expect, it } from '@jest/globals';
import { ConfigurationError, loadConfig } from '../src/config/server-config.js';

describe('loadConfig', () => {
  it('applies the defaults of the configuration table (docs/operations.md#configuration)', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicBaseUrl: 'http://localhost:3000',
      dataDir: '/srv/app/data',
      indexSnapshots: true,
      trustProxy: false,
      rateLimits: { api: 60, search: 30, signup: 5, mail: 3, pages: 120 },
      signupsEnabled: true,
      signupBlockedDomains: [],
      mailFrom: 'Reviews <no-reply@localhost>',
      mail: { family: 'outbox' },
    });
    expect(config.catalogFile).toMatch(/packages\/service-common\/catalog\/sample-catalog\.json$/);
    expect(config.historicalNotice).toBe(
      'Historical reviews reflect the assessment at publication and do not establish current capabilities of a tool.',
    );
  });

  it('turns index snapshots off with INDEX_SNAPSHOTS=false and refuses other values', () => {
    expect(loadConfig({ INDEX_SNAPSHOTS: 'false' }).indexSnapshots).toBe(false);
    expect(() => loadConfig({ INDEX_SNAPSHOTS: 'maybe' })).toThrow(/INDEX_SNAPSHOTS/);
  });

  it('reads the connection limits and the shutdown drain, and refuses a headers timeout longer than the request timeout', () => {
    expect(loadConfig({})).toMatchObject({
      shutdownDrainMs: 5_000,
      connections: {
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 30_000,
        keepAliveTimeoutMs: 5_000,
        maxConnections: 600,
        maxConnectionsPerClient: 50,
      },
    });
    expect(loadConfig({ MAX_CONNECTIONS_PER_CLIENT: '0', SHUTDOWN_DRAIN_MS: '250' })).toMatchObject(
      { shutdownDrainMs: 250, connections: { maxConnectionsPerClient: 0 } },
    );
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' })).toThrow(
      /HEADERS_TIMEOUT_MS: it must not exceed REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS must be/);
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

  it('reads the web origins allowed to call /mcp, none by default', () => {
    expect(loadConfig({}).mcpAllowedOrigins).toEqual([]);
    expect(
      loadConfig({ MCP_ALLOWED_ORIGINS: 'https://agents.example.org, http://localhost:6274' })
        .mcpAllowedOrigins,
    ).toEqual(['https://agents.example.org', 'http://localhost:6274']);
  });

  it('reads the MongoDB settings', () => {
    const config = loadConfig({
      MONGODB_URL: 'mongodb://db.example:27017/reviews',
      CATALOG_REFRESH_INTERVAL_MS: '750',
    });
    expect(config.storage).toEqual({
      family: 'mongodb',
      url: 'mongodb://db.example:27017/reviews',
    });
    expect(config.catalogRefreshIntervalMs).toBe(750);
    expect(loadConfig({}).catalogRefreshIntervalMs).toBe(5_000);
  });

  it('picks the storage family from the URL that is set: files, MongoDB or PostgreSQL', () => {
    expect(loadConfig({}).storage).toEqual({ family: 'files' });
    expect(
      loadConfig({ DATABASE_URL: 'postgres://reviews@db.example:5432/reviews' }).storage,
    ).toEqual({
      family: 'postgres',
      url: 'postgres://reviews@db.example:5432/reviews',
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db.example/reviews' }).storage.family).toBe(
      'postgres',
    );
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
    [{ MCP_ALLOWED_ORIGINS: 'https://a.example/path' }, /MCP_ALLOWED_ORIGINS must be .*origins/],
    [{ MCP_ALLOWED_ORIGINS: 'agents.example.org' }, /MCP_ALLOWED_ORIGINS/],
    [{ RATE_LIMIT_API: '0' }, /RATE_LIMIT_API/],
    [{ SIGNUPS_ENABLED: 'maybe' }, /SIGNUPS_ENABLED must be true or false/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ MONGODB_URL: 'postgres://localhost/reviews' }, /MONGODB_URL must be a MongoDB connection/],
    [{ CATALOG_REFRESH_INTERVAL_MS: '10' }, /CATALOG_REFRESH_INTERVAL_MS/],
    [{ DATABASE_URL: 'mongodb://localhost/reviews' }, /DATABASE_URL must be a PostgreSQL/],
    [{ DATABASE_URL: 'postgres://' }, /DATABASE_URL must be a PostgreSQL/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL must be a PostgreSQL/],
    [
      { MONGODB_URL: 'mongodb://db/reviews', DATABASE_URL: 'postgres://db/reviews' },
      /^Invalid settings MONGODB_URL and DATABASE_URL: both name a storage; set one/,
    ],
  ])('refuses %p with a line naming the setting', (env, line) => {
    expect(() => loadConfig(env)).toThrow(ConfigurationError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as ConfigurationError).problems.some((p) => line.test(p))).toBe(true);
    }
  });

  it('reads the metrics settings: a listener of their own on loopback:9464 by default, or off', () => {
    expect(loadConfig({}).metrics).toEqual({
      enabled: true,
      port: 9464,
      host: '127.0.0.1',
      portGiven: false,
    });
    expect(loadConfig({ METRICS_PORT: '0', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      enabled: true,
      port: 0,
      host: '0.0.0.0',
      portGiven: true,
    });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toMatchObject({ portGiven: true });
    expect(loadConfig({ METRICS_ENABLED: 'false', METRICS_PORT: '9464' }).metrics).toEqual({
      enabled: false,
    });
    expect(() => loadConfig({ METRICS_HOST: '' })).toThrow(
      'Invalid setting METRICS_HOST: METRICS_HOST must not be empty',
    );
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(
      'Invalid setting METRICS_PORT: METRICS_PORT must be a whole number from 0 to 65535 (got "nine").',
    );
    expect(() => loadConfig({ METRICS_ENABLED: 'maybe' })).toThrow(
      'Invalid setting METRICS_ENABLED: METRICS_ENABLED must be true or false',
    );
  });

  describe('the mail family (docs/operations.md#mail)', () => {
    it('is the outbox folder without SMTP_URL or SES_REGION, and Amazon SES with SES_REGION', () => {
      expect(loadConfig({}).mail).toEqual({ family: 'outbox' });
      expect(
        loadConfig({ SES_REGION: 'eu-west-1', SES_ENDPOINT: 'http://127.0.0.1:8005' }).mail,
      ).toEqual({ family: 'ses', region: 'eu-west-1', endpoint: 'http://127.0.0.1:8005' });
    });

    it.each([
      [
        'smtps://mailer:s%40cret@smtp.example.com',
        {
          host: 'smtp.example.com',
          port: 465,
          security: 'tls',
          auth: { user: 'mailer', pass: 's@cret' },
        },
      ],
      [
        'smtp://mailer:secret@smtp.example.com:2525',
        {
          host: 'smtp.example.com',
          port: 2525,
          security: 'starttls',
          auth: { user: 'mailer', pass: 'secret' },
        },
      ],
      [
        'smtp://smtp.example.com',
        { host: 'smtp.example.com', port: 587, security: 'starttls', auth: undefined },
      ],
      [
        'smtp://localhost:25',
        { host: 'localhost', port: 25, security: 'starttls-if-offered', auth: undefined },
      ],
      [
        'smtp://127.0.0.2:25',
        { host: '127.0.0.2', port: 25, security: 'starttls-if-offered', auth: undefined },
      ],
      [
        'smtp://[::1]:25',
        { host: '::1', port: 25, security: 'starttls-if-offered', auth: undefined },
      ],
      [
        'smtp://u:p@localhost:25',
        { host: 'localhost', port: 25, security: 'starttls', auth: { user: 'u', pass: 'p' } },
      ],
      [
        'smtp://relay.internal:25?tls=off',
        { host: 'relay.internal', port: 25, security: 'none', auth: undefined },
      ],
    ])('reads SMTP_URL %s', (url, server) => {
      expect(loadConfig({ SMTP_URL: url }).mail).toEqual({ family: 'smtp', server });
    });

    it.each([
      [
        { SMTP_URL: 'smtp://relay.example', SES_REGION: 'eu-west-1' },
        /SMTP_URL and SES_REGION: each picks a mail family/,
      ],
      [
        { SMTP_URL: 'smtp://relay.example', SES_ENDPOINT: 'http://127.0.0.1:8005' },
        /SMTP_URL and SES_ENDPOINT/,
      ],
      [{ SES_ENDPOINT: 'http://127.0.0.1:8005' }, /SES_ENDPOINT: it needs SES_REGION too/],
      [
        { SMTP_URL: 'https://smtp.example.com' },
        /SMTP_URL: it must be an address such as smtps:\/\//,
      ],
      [{ SMTP_URL: 'smtp.example.com:587' }, /SMTP_URL: it must be an address/],
      [{ SMTP_URL: 'smtp://relay.example/path' }, /SMTP_URL: it must have no path/],
      [
        { SMTP_URL: 'smtp://relay.example?tls=on' },
        /SMTP_URL: the only option it takes is \?tls=off/,
      ],
      [{ SMTP_URL: 'smtp://relay.example?pool=true' }, /SMTP_URL: the only option/],
      [
        { SMTP_URL: 'smtps://relay.example?tls=off' },
        /SMTP_URL: smtps:\/\/ is TLS from the start; \?tls=off contradicts it/,
      ],
      [
        { SMTP_URL: 'smtp://mailer@relay.example' },
        /SMTP_URL: it needs both a user and a password/,
      ],
      [
        { SMTP_URL: 'smtp://mailer:secret@relay.example?tls=off' },
        /would send the password in plain text/,
      ],
      [{ SMTP_URL: '' }, /SMTP_URL must not be empty/],
    ])('refuses %p with a line naming the setting', (env, line) => {
      expect(() => loadConfig(env)).toThrow(line);
    });

    it('never shows the password of SMTP_URL in an error line', () => {
      for (const url of [
        'smtp://mailer:hunter2@relay.example?tls=off',
        'smtp://mailer:hun@ter2@relay/x',
      ]) {
        expect(() => loadConfig({ SMTP_URL: url })).toThrow(/\(got "smtp:\/\/\*\*\*@relay/);
        expect(() => loadConfig({ SMTP_URL: url })).not.toThrow(/hunter2|ter2/);
      }
    });
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
