import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { MailDeliveryError } from '@reviews/application';
import type { Clock, Mailer, OutgoingMail } from '@reviews/application';
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
}

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

/**
 * A `Mailer` through an SMTP server, with nodemailer's SMTP transport. The message is the one
 * `renderMimeMessage` builds for the outbox too (one home for the message), sent as is; the
 * envelope names the `MAIL_FROM` address and the recipient. A temporary failure (a 4xx reply, a
 * lost or refused connection) is tried again after each of `retryDelaysMs`; a permanent one (5xx,
 * failed authentication or TLS) at once becomes `MailDeliveryError`, as does the last temporary
 * one. A refusal is not a bounce: the address is not suppressed. Timeouts are short: the person is
 * waiting for the answer. One connection per message; the SMTP transport is loaded with the first message.
 */
export class SmtpMailer implements Mailer {
  private transport: Transporter<SMTPTransport.SentMessageInfo> | undefined;
  private readonly retryDelaysMs: readonly number[];

  constructor(private readonly options: SmtpMailerOptions) {
    this.retryDelaysMs = options.retryDelaysMs ?? [1_000];
  }

  async send(mail: OutgoingMail): Promise<void> {
    const transport = await this.transportOnce();
    const raw = await renderMimeMessage(mail, this.options.from, this.options.clock.now());
    const envelope = { from: senderAddress(this.options.from), to: [mail.to] };
    for (let attempt = 0; ; attempt++) {
      try {
        await transport.sendMail({ envelope, raw });
        return;
      } catch (error) {
        const wait = this.retryDelaysMs[attempt];
        if (!isTemporary(error) || wait === undefined) throw deliveryError(error);
        await new Promise((done) => setTimeout(done, wait));
      }
    }
  }

  /** Closes the transport (on shutdown). */
  close(): void {
    this.transport?.close();
  }

  private async transportOnce(): Promise<Transporter<SMTPTransport.SentMessageInfo>> {
    const { createTransport } = await import('nodemailer');
    const { host, port, security, auth } = this.options.server;
    const trusted = this.options.trustedCertificates;
    this.transport ??= createTransport({
      host,
      port,
      secure: security === 'tls',
      requireTLS: security === 'starttls',
      ignoreTLS: security === 'none',
      ...(auth === undefined ? {} : { auth: { user: auth.user, pass: auth.pass } }),
      ...(trusted === undefined ? {} : { tls: { ca: trusted } }),
      connectionTimeout: 3_000,
      greetingTimeout: 3_000,
      socketTimeout: 10_000,
    });
    return this.transport;
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
