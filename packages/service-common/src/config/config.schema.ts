import { DEFAULT_HISTORICAL_NOTICE } from '@reviews/application';
import { isIP } from 'node:net';
import { z } from 'zod';
import { isPostgresUrl } from './storage-choice.js';

const integer = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^[0-9]+$/, { error: `${name} must be a whole number from ${min} to ${max}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `${name} must be a whole number from ${min} to ${max}` })
        .max(max, { error: `${name} must be a whole number from ${min} to ${max}` }),
    );

const bucketSize = (name: string, fallback: number) =>
  integer(name, 1, 1_000_000_000).default(fallback);

const flag = (name: string, fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'], { error: `${name} must be true or false` })
    .transform((value) => value === 'true' || value === '1')
    .default(fallback);

const httpUrl = (name: string) =>
  z
    .url({
      protocol: /^https?$/,
      error: `${name} must be an http(s) address such as https://reviews.example.com`,
    })
    .transform((value) => value.replace(/\/+$/, ''));

/**
 * TRUST_PROXY: unset → no proxy is trusted (the socket address is the client); a hop count; or a
 * comma-separated list of addresses/CIDRs (and Express's names loopback, linklocal, uniquelocal).
 */
const trustProxy = z
  .string()
  .transform((value, ctx): false | number | string[] => {
    const text = value.trim();
    if (text === '' || text === 'false') return false;
    if (/^[0-9]+$/.test(text)) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    for (const entry of entries) {
      const [address = '', prefix] = entry.split('/');
      const named = ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
      const validPrefix = prefix === undefined || /^[0-9]{1,3}$/.test(prefix);
      if (!named && (isIP(address) === 0 || !validPrefix)) {
        ctx.addIssue({
          code: 'custom',
          message: `TRUST_PROXY must be a hop count or a comma-separated list of addresses or CIDRs ("${entry}" is neither)`,
        });
        return z.NEVER;
      }
    }
    return entries;
  })
  .default(false);

const domains = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((domain) => domain.trim().toLowerCase())
      .filter((domain) => domain !== ''),
  )
  .default([]);

/** MCP_ALLOWED_ORIGINS: comma-separated web origins (scheme://host[:port]) besides PUBLIC_BASE_URL's. */
const origins = z
  .string()
  .transform((value, ctx) => {
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    for (const entry of entries) {
      const parsed = URL.canParse(entry) ? new URL(entry) : undefined;
      if (parsed === undefined || !/^https?:$/.test(parsed.protocol) || parsed.origin !== entry) {
        ctx.addIssue({
          code: 'custom',
          message: `MCP_ALLOWED_ORIGINS must be a comma-separated list of origins such as https://app.example.com, with no path or trailing slash ("${entry}" is not one)`,
        });
        return z.NEVER;
      }
    }
    return entries;
  })
  .default([]);

/**
 * Every setting of docs/operations.md#configuration (the configured texts included), from the
 * environment.
 */
export const environmentSchema = z.object({
  PORT: integer('PORT', 0, 65_535).default(3000),
  HOST: z.string().min(1, { error: 'HOST must not be empty' }).default('0.0.0.0'),
  PUBLIC_BASE_URL: httpUrl('PUBLIC_BASE_URL').optional(),
  CATALOG_FILE: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  INDEX_SNAPSHOTS: flag('INDEX_SNAPSHOTS', true),
  MONGODB_URL: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\/[^/?]+/, {
      error:
        'MONGODB_URL must be a MongoDB connection string such as mongodb://db.example:27017/reviews',
    })
    .optional(),
  DATABASE_URL: z
    .string()
    .refine(isPostgresUrl, {
      error:
        'DATABASE_URL must be a PostgreSQL connection URL such as postgres://user:password@db.example:5432/reviews',
    })
    .optional(),
  CATALOG_REFRESH_INTERVAL_MS: integer('CATALOG_REFRESH_INTERVAL_MS', 100, 3_600_000).default(
    5_000,
  ),
  REDIS_URL: z.string().optional(),
  // The mail family (SMTP_URL, SES_*, neither) is picked, and SMTP_URL parsed, by mail-settings.ts.
  SMTP_URL: z.string().min(1, { error: 'SMTP_URL must not be empty' }).optional(),
  SES_REGION: z.string().min(1).optional(),
  SES_ENDPOINT: httpUrl('SES_ENDPOINT').optional(),
  MAIL_FROM: z.string().min(3).default('Reviews <no-reply@localhost>'),
  TRUST_PROXY: trustProxy,
  MCP_ALLOWED_ORIGINS: origins,
  RATE_LIMIT_API: bucketSize('RATE_LIMIT_API', 60),
  RATE_LIMIT_SEARCH: bucketSize('RATE_LIMIT_SEARCH', 30),
  RATE_LIMIT_SIGNUP: bucketSize('RATE_LIMIT_SIGNUP', 5),
  RATE_LIMIT_MAIL: bucketSize('RATE_LIMIT_MAIL', 3),
  RATE_LIMIT_PAGES: bucketSize('RATE_LIMIT_PAGES', 120),
  SIGNUPS_ENABLED: flag('SIGNUPS_ENABLED', true),
  SIGNUP_BLOCKED_DOMAINS: domains,
  SERVICE_NAME: z.string().min(1).max(100).default('Developer Tool Reviews'),
  HISTORICAL_NOTICE: z.string().min(1).default(DEFAULT_HISTORICAL_NOTICE),
  RIGHTS_COPYRIGHT_HOLDER: z.string().min(1).default('Review Retrieval Service (sample operator)'),
  RIGHTS_COPYRIGHT_YEAR: integer('RIGHTS_COPYRIGHT_YEAR', 1900, 9999).default(2026),
  RIGHTS_STATEMENT: z
    .string()
    .min(1)
    .default('Reviews are editorial opinions, dated, and reflect the assessment at publication.'),
  RIGHTS_USAGE_TERMS: z
    .string()
    .min(1)
    .default(
      'Quote short excerpts with a link to the review url and its reviewedOn date. No bulk republication.',
    ),
  RIGHTS_CONTACT: z.string().min(1).default('rights@localhost'),
  RIGHTS_USAGE_INFO: z
    .string()
    .min(1)
    .default(
      'Cite the review url and reviewedOn date. The full archive is at /reviews/index.json.',
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  SHUTDOWN_GRACE_MS: integer('SHUTDOWN_GRACE_MS', 0, 600_000).default(10_000),
  SHUTDOWN_DRAIN_MS: integer('SHUTDOWN_DRAIN_MS', 0, 600_000).default(5_000),
  HEADERS_TIMEOUT_MS: integer('HEADERS_TIMEOUT_MS', 100, 600_000).default(10_000),
  REQUEST_TIMEOUT_MS: integer('REQUEST_TIMEOUT_MS', 100, 3_600_000).default(30_000),
  KEEP_ALIVE_TIMEOUT_MS: integer('KEEP_ALIVE_TIMEOUT_MS', 100, 600_000).default(5_000),
  MAX_CONNECTIONS: integer('MAX_CONNECTIONS', 1, 1_000_000).default(600),
  MAX_CONNECTIONS_PER_CLIENT: integer('MAX_CONNECTIONS_PER_CLIENT', 0, 1_000_000).default(50),
  METRICS_ENABLED: flag('METRICS_ENABLED', true),
  // docs/operations.md#metrics: operational data is not public, so metrics have a listener of their
  // own, on loopback unless the deployment says otherwise. Unset: 9464 (the usual exporter port),
  // or a free port when that is taken, so that instances side by side need no setting of it.
  METRICS_PORT: integer('METRICS_PORT', 0, 65_535).optional(),
  METRICS_HOST: z.string().min(1, { error: 'METRICS_HOST must not be empty' }).default('127.0.0.1'),
});

export type Environment = z.infer<typeof environmentSchema>;
