import { setTimeout as sleep } from 'node:timers/promises';
import type SMTPConnection from 'nodemailer/lib/smtp-connection/index.js';
import { MailDeliveryError } from '@reviews/application';
import type { Clock, Mailer, OutgoingMail } from '@reviews/application';
import { deadlinePassed, MAIL_SEND_DEADLINE_MS } from './mail-deadline.js';
import { renderMimeMessage, senderAddress } from './mime-message.js';

/**
 * How the connection is protected (docs/operations.md#mail):
 * - `tls`: TLS from the first byte (`smtps://`, port 465);
 * - `starttls`: STARTTLS before anything else is sent; a server that does not offer it is refused;
 * - `starttls-if-offered`: STARTTLS when offered, plain otherwise (a loopback relay only);
 * - `none`: never TLS (`?tls=off`; never with credentials).
 */
type SmtpSecurity = 'tls' | 'starttls' | 'starttls-if-offered' | 'none';

/** The SMTP server of `SMTP_URL`, as the configuration parsed it. */
export interface SmtpServer {
  readonly host: string;
  readonly port: number;
  readonly security: SmtpSecurity;
  readonly auth?: { readonly user: string; readonly pass: string } | undefined;
}

interface SmtpMailerOptions {
  readonly server: SmtpServer;
  /** `MAIL_FROM`: the `From` header, and its address the envelope sender. */
  readonly from: string;
  readonly clock: Clock;
  /** Certificates to trust besides the system's (a private CA; the tests' self-signed one). */
  readonly trustedCertificates?: string | undefined;
  /** Waits before each new attempt after a temporary failure (4xx, connection lost); default one, 1 s. */
  readonly retryDelaysMs?: readonly number[];
  /** The whole send's deadline, retries included; default `MAIL_SEND_DEADLINE_MS` (tests shorten it). */
  readonly deadlineMs?: number;
}

/**
 * Each step's own timeout (docs/api.md#mail-deadline): opening the connection, the server's
 * greeting, and the wait for every later reply (a server silent that long is given up on).
 */
const STEP_TIMEOUTS = { connectionTimeout: 3_000, greetingTimeout: 3_000, socketTimeout: 5_000 };

/** Connection-level failures worth another attempt: the server or the network may be back. */
const TRANSIENT_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'EDNS']);

/** What nodemailer's errors carry besides the message. */
interface SmtpError {
  readonly code?: string;
  readonly responseCode?: number;
  readonly response?: string;
  /** Set when a socket call failed (connect, read): the network, not TLS verification. */
  readonly syscall?: string;
  readonly message?: string;
}

type SmtpConnectionClass = typeof SMTPConnection;

/**
 * A `Mailer` through an SMTP server, with nodemailer's `SMTPConnection`. The message is the one
 * `renderMimeMessage` builds for the outbox too (one home for the message), sent as is; the
 * envelope names the `MAIL_FROM` address and the recipient. A temporary failure (a 4xx reply, a
 * lost or refused connection, a step past its timeout) is tried again after each of
 * `retryDelaysMs`; a permanent one (5xx, failed authentication or TLS) at once becomes
 * `MailDeliveryError`, as does the last temporary one. A refusal is not a bounce: the address is
 * not suppressed. The person is waiting for the answer: every step has its own timeout and the
 * whole send, retries included, a deadline (docs/api.md#mail-deadline); at the deadline the
 * connection is closed and nothing is tried again. One connection per message; nodemailer is
 * loaded with the first message.
 */
export class SmtpMailer implements Mailer {
  private readonly retryDelaysMs: readonly number[];
  private readonly deadlineMs: number;
  private readonly open = new Set<SMTPConnection>();

  constructor(private readonly options: SmtpMailerOptions) {
    this.retryDelaysMs = options.retryDelaysMs ?? [1_000];
    this.deadlineMs = options.deadlineMs ?? MAIL_SEND_DEADLINE_MS;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const deadline = AbortSignal.timeout(this.deadlineMs);
    const { default: Connection } = await import('nodemailer/lib/smtp-connection/index.js');
    const raw = await renderMimeMessage(mail, this.options.from, this.options.clock.now());
    const envelope = { from: senderAddress(this.options.from), to: [mail.to] };
    for (let attempt = 0; ; attempt++) {
      try {
        await this.attempt(Connection, envelope, raw, deadline);
        return;
      } catch (error) {
        if (deadline.aborted) throw deadlinePassed('The SMTP server', this.deadlineMs);
        const wait = this.retryDelaysMs[attempt];
        if (!isTemporary(error) || wait === undefined) throw deliveryError(error);
        await sleep(wait, undefined, { signal: deadline }).catch(() => undefined);
        if (deadline.aborted) throw deadlinePassed('The SMTP server', this.deadlineMs);
      }
    }
  }

  /** Closes the connections of sends under way (on shutdown). */
  close(): void {
    for (const connection of this.open) connection.close();
    this.open.clear();
  }

  /** One connection: connect, authenticate when configured, send, close; closed at `deadline`. */
  private attempt(
    Connection: SmtpConnectionClass,
    envelope: SMTPConnection.Envelope,
    raw: Buffer,
    deadline: AbortSignal,
  ): Promise<void> {
    const { host, port, security, auth } = this.options.server;
    const trusted = this.options.trustedCertificates;
    const connection = new Connection({
      host,
      port,
      secure: security === 'tls',
      requireTLS: security === 'starttls',
      ignoreTLS: security === 'none',
      ...(trusted === undefined ? {} : { tls: { ca: trusted } }),
      ...STEP_TIMEOUTS,
    });
    this.open.add(connection);
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const settle = (error: unknown): void => {
        if (settled) return;
        settled = true;
        deadline.removeEventListener('abort', abandon);
        this.open.delete(connection);
        connection.close();
        if (error === undefined) resolve();
        else reject(error);
      };
      const abandon = (): void => settle(deadline.reason);
      if (deadline.aborted) return abandon();
      deadline.addEventListener('abort', abandon, { once: true });
      // Kept after the first: a connection being closed may still report errors.
      connection.on('error', settle);
      // A server that hangs up mid-transaction: the callbacks below never come.
      connection.once('end', () =>
        setImmediate(() =>
          settle(Object.assign(new Error('Unexpected socket close'), { code: 'ECONNECTION' })),
        ),
      );
      const deliver = (): void =>
        connection.send(envelope, raw, (error) => settle(error ?? undefined));
      connection.connect(() => {
        if (auth === undefined) return deliver();
        connection.login({ user: auth.user, pass: auth.pass }, (error) =>
          error === undefined || error === null ? deliver() : settle(error),
        );
      });
    });
  }
}

/**
 * A 4xx reply, or the connection failing or timing out. A certificate that does not verify is a
 * socket error too (`ESOCKET`), but without a failed system call: permanent.
 */
function isTemporary(error: unknown): boolean {
  const { code, responseCode, syscall } = (error ?? {}) as SmtpError;
  if (responseCode !== undefined) return responseCode >= 400 && responseCode < 500;
  if (code === 'ESOCKET') return syscall !== undefined;
  return code !== undefined && TRANSIENT_CODES.has(code);
}

function deliveryError(error: unknown): MailDeliveryError {
  const { code, responseCode, response, message } = (error ?? {}) as SmtpError;
  const reply =
    responseCode === undefined
      ? `${code ?? 'no reply'}: ${message ?? String(error)}`
      : (response ?? String(responseCode));
  const kind = isTemporary(error) ? 'temporary' : 'permanent';
  return new MailDeliveryError(`The SMTP server did not accept the message (${kind}: ${reply}).`, {
    cause: error,
  });
}
