import { isIP } from 'node:net';

/**
 * How the SMTP connection is protected: TLS from the first byte (`smtps://`), STARTTLS required
 * (`smtp://`), STARTTLS when offered (`smtp://` to a loopback relay, without credentials), or none
 * (`?tls=off`, without credentials). The same words as `SmtpMailer`'s.
 */
type SmtpSecurity = 'tls' | 'starttls' | 'starttls-if-offered' | 'none';

/** Where mail goes (docs/operations.md#mail): one family, picked by which settings are set. */
export type MailSettings =
  | { readonly family: 'outbox' }
  | { readonly family: 'ses'; readonly region: string; readonly endpoint: string | undefined }
  | {
      readonly family: 'smtp';
      readonly server: {
        readonly host: string;
        readonly port: number;
        readonly security: SmtpSecurity;
        readonly auth: { readonly user: string; readonly pass: string } | undefined;
      };
    };

/** The mail settings as the environment gives them (already checked one by one). */
interface MailEnvironment {
  readonly SMTP_URL?: string | undefined;
  readonly SES_REGION?: string | undefined;
  readonly SES_ENDPOINT?: string | undefined;
}

/**
 * The mail family: `SMTP_URL` → SMTP, `SES_REGION` → Amazon SES, neither → the outbox folder.
 * Returns the settings, or the problems (one line each, naming the setting, never the password).
 */
export function mailSettingsOf(env: MailEnvironment): MailSettings | { problems: string[] } {
  const ses = ['SES_REGION', 'SES_ENDPOINT'].filter(
    (name) => env[name as keyof MailEnvironment] !== undefined,
  );
  if (env.SMTP_URL !== undefined && ses.length > 0) {
    return {
      problems: [
        `Invalid settings SMTP_URL and ${ses.join(', ')}: each picks a mail family (SMTP, Amazon SES); set one of them.`,
      ],
    };
  }
  if (env.SMTP_URL !== undefined) {
    const server = smtpServerOf(env.SMTP_URL);
    return 'problem' in server
      ? {
          problems: [
            `Invalid setting SMTP_URL: ${server.problem} (got ${JSON.stringify(withoutPassword(env.SMTP_URL))}).`,
          ],
        }
      : { family: 'smtp', server };
  }
  if (env.SES_REGION !== undefined) {
    return { family: 'ses', region: env.SES_REGION, endpoint: env.SES_ENDPOINT };
  }
  if (env.SES_ENDPOINT !== undefined) {
    return { problems: ['Invalid setting SES_ENDPOINT: it needs SES_REGION too.'] };
  }
  return { family: 'outbox' };
}

type SmtpServerSettings = Extract<MailSettings, { family: 'smtp' }>['server'];

const SHAPE =
  'it must be an address such as smtps://user:password@smtp.example.com:465 (TLS) or smtp://user:password@smtp.example.com:587 (STARTTLS)';

/**
 * `smtps://[user:password@]host[:465]` or `smtp://[user:password@]host[:587][?tls=off]`. User and
 * password are percent-decoded. Credentials never travel in plain text: with them, `smtp://`
 * always requires STARTTLS and `?tls=off` is refused. Without them, `smtp://` to a loopback host
 * may stay plain when the relay offers no STARTTLS.
 */
function smtpServerOf(raw: string): SmtpServerSettings | { problem: string } {
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (url === undefined || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')) {
    return { problem: SHAPE };
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') return { problem: `it names no host; ${SHAPE}` };
  if ((url.pathname !== '' && url.pathname !== '/') || url.hash !== '') {
    return { problem: `it must have no path or fragment; ${SHAPE}` };
  }
  const unknown = [...url.searchParams.keys()].filter((key) => key !== 'tls');
  const tls = url.searchParams.getAll('tls');
  if (unknown.length > 0 || tls.length > 1 || (tls.length === 1 && tls[0] !== 'off')) {
    return { problem: 'the only option it takes is ?tls=off (plain SMTP, without credentials)' };
  }
  const auth = credentialsOf(url);
  if (auth === null) {
    return { problem: 'it needs both a user and a password (percent-encoded), or neither' };
  }
  const tlsOff = tls.length === 1;
  if (url.protocol === 'smtps:' && tlsOff) {
    return { problem: 'smtps:// is TLS from the start; ?tls=off contradicts it' };
  }
  if (tlsOff && auth !== undefined) {
    return {
      problem:
        '?tls=off with a user and password would send the password in plain text; use smtps:// or smtp:// (STARTTLS)',
    };
  }
  const security: SmtpSecurity =
    url.protocol === 'smtps:'
      ? 'tls'
      : tlsOff
        ? 'none'
        : auth === undefined && isLoopback(host)
          ? 'starttls-if-offered'
          : 'starttls';
  const port = url.port === '' ? (url.protocol === 'smtps:' ? 465 : 587) : Number(url.port);
  return { host, port, security, auth };
}

/** The decoded credentials, `undefined` when there are none, `null` when only one half is given. */
function credentialsOf(url: URL): { user: string; pass: string } | undefined | null {
  if (url.username === '' && url.password === '') return undefined;
  if (url.username === '' || url.password === '') return null;
  try {
    return { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  } catch {
    return null;
  }
}

function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/** The URL as an error line may show it: whatever stands before the last `@` (user, password) hidden. */
function withoutPassword(raw: string): string {
  const start = raw.indexOf('://') + 3;
  const at = raw.lastIndexOf('@');
  return start > 2 && at >= start ? `${raw.slice(0, start)}***${raw.slice(at)}` : raw;
}
