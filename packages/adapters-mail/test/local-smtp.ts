import { SMTPServer } from 'smtp-server';
import { type ReceivedMail } from '@reviews/application/testing';
import { parseReceivedMail } from './received-mail.js';
import type { SelfSignedCertificate } from './self-signed-certificate.js';

/** `tls`: TLS from the first byte; `starttls`: offers STARTTLS; `none`: offers no TLS at all. */
type LocalSmtpSecurity = 'tls' | 'starttls' | 'none';

interface LocalSmtpOptions {
  readonly security: LocalSmtpSecurity;
  /** Required unless `security` is `none`. */
  readonly certificate?: SelfSignedCertificate;
  /** When set, AUTH is required, and only these credentials pass. */
  readonly credentials?: { readonly user: string; readonly pass: string };
  /** Default: any free port. */
  readonly port?: number;
}

/** One message the server accepted, as it arrived. */
interface AcceptedMessage {
  readonly envelope: { readonly from: string; readonly to: readonly string[] };
  /** Whether the session was under TLS when the message came. */
  readonly secure: boolean;
  readonly user: string | undefined;
  readonly raw: Buffer;
}

/**
 * A real SMTP server (npm `smtp-server`) on 127.0.0.1, recording what it accepts. AUTH is offered
 * only under TLS (the library's default), and every AUTH attempt is recorded with whether the
 * session was secure, so a test sees whether a password ever crossed in plain text.
 * `refuseNext(451, 550)` answers the next messages' DATA with those codes instead of accepting.
 */
export class LocalSmtp {
  readonly accepted: AcceptedMessage[] = [];
  readonly authAttempts: { readonly secure: boolean }[] = [];
  /** Connection errors the server reported (an aborted TLS handshake, …). */
  readonly errors: Error[] = [];
  /** Messages whose DATA the server read, accepted or refused. */
  transactions = 0;
  private readonly refusals: number[] = [];

  private server: SMTPServer | undefined;
  private listeningOn = 0;

  private constructor() {}

  get port(): number {
    return this.listeningOn;
  }

  static async start(options: LocalSmtpOptions): Promise<LocalSmtp> {
    const local = new LocalSmtp();
    const { security, certificate, credentials } = options;
    const server = new SMTPServer({
      logger: false,
      secure: security === 'tls',
      ...(certificate === undefined ? {} : { key: certificate.key, cert: certificate.cert }),
      disabledCommands: [
        ...(security === 'none' ? ['STARTTLS'] : []),
        ...(credentials === undefined ? ['AUTH'] : []),
      ],
      authOptional: credentials === undefined,
      onAuth(auth, session, callback) {
        local.authAttempts.push({ secure: session.secure });
        if (auth.username === credentials?.user && auth.password === credentials?.pass) {
          callback(null, { user: auth.username });
        } else {
          callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
        }
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          local.transactions++;
          const refusal = local.refusals.shift();
          if (refusal !== undefined) {
            // As real servers do, the reply names the recipient: logs must not repeat it.
            const to = session.envelope.rcptTo.map((r) => `<${r.address}>`).join(', ');
            const error = new Error(`${to}: refused by the test (${refusal})`);
            return callback(Object.assign(error, { responseCode: refusal }));
          }
          const { mailFrom, rcptTo } = session.envelope;
          local.accepted.push({
            envelope: {
              from: mailFrom === false ? '' : mailFrom.address,
              to: rcptTo.map((r) => r.address),
            },
            secure: session.secure,
            user: typeof session.user === 'string' ? session.user : undefined,
            raw: Buffer.concat(chunks),
          });
          callback();
        });
      },
    });
    const port = await new Promise<number>((done, fail) => {
      server.once('error', fail);
      server.listen(options.port ?? 0, '127.0.0.1', () => {
        const address = server.server.address();
        done(typeof address === 'object' && address !== null ? address.port : 0);
      });
    });
    // A client that gives up mid-handshake (an untrusted certificate) is an error event here.
    server.on('error', (error: Error) => local.errors.push(error));
    local.server = server;
    local.listeningOn = port;
    return local;
  }

  /** Answers the DATA of the next messages with these reply codes, one message each. */
  refuseNext(...codes: number[]): void {
    this.refusals.push(...codes);
  }

  /** What was accepted, in the contract's shape, oldest first. */
  received(): Promise<ReceivedMail[]> {
    return Promise.all(this.accepted.map((message) => parseReceivedMail(message.raw)));
  }

  clear(): void {
    this.accepted.length = 0;
    this.authAttempts.length = 0;
    this.transactions = 0;
  }

  stop(): Promise<void> {
    return new Promise((done) => (this.server === undefined ? done() : this.server.close(done)));
  }
}
