import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ReceivedMail } from '@reviews/application/testing';

const cli = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../node_modules/.bin/aws-ses-v2-local',
);

/** A port that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

interface StoredEmail {
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  headers?: { name: string; value: string }[];
}

/** `aws-ses-v2-local` (a dev dependency) run on `port` until `stop()`. */
export class LocalSes {
  private constructor(
    private readonly process: ChildProcess,
    readonly endpoint: string,
  ) {}

  static async start(port: number): Promise<LocalSes> {
    const child = spawn(cli, ['--host', '127.0.0.1', '--port', String(port)], { stdio: 'ignore' });
    const ses = new LocalSes(child, `http://127.0.0.1:${port}`);
    for (let attempt = 0; attempt < 100; attempt++) {
      const up = await fetch(`${ses.endpoint}/health-check`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return ses;
      await new Promise((done) => setTimeout(done, 100));
    }
    child.kill();
    throw new Error('aws-ses-v2-local did not start');
  }

  async clear(): Promise<void> {
    await fetch(`${this.endpoint}/clear-store`, { method: 'POST' });
  }

  /** What the local SES received (`GET /store`), in the contract's shape. */
  async received(): Promise<ReceivedMail[]> {
    const store = (await (await fetch(`${this.endpoint}/store`)).json()) as {
      emails: StoredEmail[];
    };
    return store.emails.map((email) => ({
      from: email.from,
      to: email.destination.to.join(', '),
      subject: email.subject,
      text: email.body.text ?? '',
      html: email.body.html ?? '',
      headers: Object.fromEntries(
        (email.headers ?? []).map((h) => [h.name.toLowerCase(), h.value]),
      ),
    }));
  }

  async stop(): Promise<void> {
    const exited = new Promise((done) => this.process.once('exit', done));
    this.process.kill();
    await exited;
  }
}
