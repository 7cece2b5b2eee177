import { normaliseBlockedDomains, type BucketName, type Rights } from '@reviews/application';
import path from 'node:path';
import { SAMPLE_CATALOG_FILE } from '../default-paths.js';
import { environmentSchema, type Environment } from './config.schema.js';
import { mailSettingsOf, type MailSettings } from './mail-settings.js';
import { storageChoiceOf, type StorageChoice } from './storage-choice.js';

/** The usual Prometheus exporter port (docs/operations.md#metrics). */
const DEFAULT_METRICS_PORT = 9464;

/**
 * Requests per window of each bucket (`RATE_LIMIT_*`); the windows are those of docs/api.md#limits.
 */
type BucketLimits = Readonly<Record<BucketName, number>>;

/** The parsed, trusted configuration the container wires from. */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Without trailing slash; every absolute address in a response starts with it. */
  readonly publicBaseUrl: string;
  readonly catalogFile: string;
  readonly dataDir: string;
  /** Keep each catalog's search index under `dataDir/index-snapshots/`, so a restart need not index. */
  readonly indexSnapshots: boolean;
  /** Where the catalog and the subscriptions live: files, or a database every instance shares. */
  readonly storage: StorageChoice;
  /** With a shared database: how often an instance looks for a new publication when it cannot watch. */
  readonly catalogRefreshIntervalMs: number;
  readonly redisUrl: string | undefined;
  /** Where verification mail goes: the outbox folder, Amazon SES or an SMTP server. */
  readonly mail: MailSettings;
  readonly mailFrom: string;
  readonly trustProxy: false | number | readonly string[];
  /** Web origins besides the public base URL's whose pages may call `/mcp`. */
  readonly mcpAllowedOrigins: readonly string[];
  readonly rateLimits: BucketLimits;
  readonly signupsEnabled: boolean;
  readonly signupBlockedDomains: readonly string[];
  /** Named in verification mail and on the pages. */
  readonly serviceName: string;
  readonly historicalNotice: string;
  readonly rights: Rights;
  readonly logLevel: Environment['LOG_LEVEL'];
  /** How long in-flight requests may take to finish once the server stops accepting. */
  readonly shutdownGraceMs: number;
  /** How long SIGTERM keeps serving, with `/readyz` at 503, before it stops accepting. */
  readonly shutdownDrainMs: number;
  readonly connections: {
    readonly headersTimeoutMs: number;
    readonly requestTimeoutMs: number;
    readonly keepAliveTimeoutMs: number;
    readonly maxConnections: number;
    /** 0: no per-client cap. The proxies TRUST_PROXY names by address are never capped per client. */
    readonly maxConnectionsPerClient: number;
  };
  /** `/metrics`: off, or on a listener of its own, never on the service's public port. */
  readonly metrics:
    | { readonly enabled: false }
    | {
        readonly enabled: true;
        readonly port: number;
        readonly host: string;
        /** False when `METRICS_PORT` is unset: a taken default port gives way to a free one. */
        readonly portGiven: boolean;
      };
}

/** A setting that cannot be used, with one line per problem naming the setting. */
export class ConfigurationError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigurationError';
  }
}

/**
 * Reads the settings of docs/operations.md#configuration from `env`; throws ConfigurationError on
 * any invalid value.
 */
export function loadConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): ServerConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigurationError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'configuration');
        const got = env[name];
        return `Invalid setting ${name}: ${issue.message}${got === undefined ? '' : ` (got ${JSON.stringify(got)})`}.`;
      }),
    );
  }
  const e = parsed.data;
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new ConfigurationError([
      `Invalid setting HEADERS_TIMEOUT_MS: it must not exceed REQUEST_TIMEOUT_MS (${e.REQUEST_TIMEOUT_MS}), the time for the whole request.`,
    ]);
  }
  const storage = storageChoiceOf(e.MONGODB_URL, e.DATABASE_URL);
  if ('problem' in storage) throw new ConfigurationError([storage.problem]);
  const blocked = normaliseBlockedDomains(e.SIGNUP_BLOCKED_DOMAINS);
  if (blocked.invalid.length > 0) {
    throw new ConfigurationError([
      `Invalid setting SIGNUP_BLOCKED_DOMAINS: ${blocked.invalid.map((d) => JSON.stringify(d)).join(', ')} ${blocked.invalid.length === 1 ? 'is not a domain name' : 'are not domain names'}.`,
    ]);
  }
  const mail = mailSettingsOf(e);
  if ('problems' in mail) throw new ConfigurationError(mail.problems);
  return {
    port: e.PORT,
    host: e.HOST,
    publicBaseUrl: e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`,
    catalogFile: path.resolve(cwd, e.CATALOG_FILE ?? SAMPLE_CATALOG_FILE),
    dataDir: path.resolve(cwd, e.DATA_DIR),
    indexSnapshots: e.INDEX_SNAPSHOTS,
    storage,
    catalogRefreshIntervalMs: e.CATALOG_REFRESH_INTERVAL_MS,
    redisUrl: e.REDIS_URL,
    mail,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY,
    mcpAllowedOrigins: e.MCP_ALLOWED_ORIGINS,
    rateLimits: {
      api: e.RATE_LIMIT_API,
      search: e.RATE_LIMIT_SEARCH,
      signup: e.RATE_LIMIT_SIGNUP,
      mail: e.RATE_LIMIT_MAIL,
      pages: e.RATE_LIMIT_PAGES,
    },
    signupsEnabled: e.SIGNUPS_ENABLED,
    signupBlockedDomains: blocked.domains,
    serviceName: e.SERVICE_NAME,
    historicalNotice: e.HISTORICAL_NOTICE,
    rights: {
      copyrightHolder: e.RIGHTS_COPYRIGHT_HOLDER,
      copyrightYear: e.RIGHTS_COPYRIGHT_YEAR,
      statement: e.RIGHTS_STATEMENT,
      usageTerms: e.RIGHTS_USAGE_TERMS,
      contact: e.RIGHTS_CONTACT,
      usageInfo: e.RIGHTS_USAGE_INFO,
    },
    logLevel: e.LOG_LEVEL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    connections: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: e.MAX_CONNECTIONS,
      maxConnectionsPerClient: e.MAX_CONNECTIONS_PER_CLIENT,
    },
    metrics: e.METRICS_ENABLED
      ? {
          enabled: true,
          port: e.METRICS_PORT ?? DEFAULT_METRICS_PORT,
          host: e.METRICS_HOST,
          portGiven: e.METRICS_PORT !== undefined,
        }
      : { enabled: false },
  };
}
