import { createServer, type Server, type Socket } from 'node:net';

/**
 * How a `StallingSmtp` answers after its greeting (sent at once): `drip` sends each reply one
 * byte every `everyMs` (a server that never goes quiet long enough for an idle timeout); `slow`
 * sends each reply whole but `afterMs` late.
 */
type Stall =
  | { readonly kind: 'drip'; readonly everyMs: number }
  | { readonly kind: 'slow'; readonly afterMs: number };

/**
 * A plain-text SMTP server on 127.0.0.1 that answers as a stuck one does, slowly but never
 * wrongly: every command gets `250` (`354` for DATA), so only time can make a client fail. It
 * records the connections it was given, which are still open, and the commands it read.
 */
export class StallingSmtp {
  readonly commands: string[] = [];
  connections = 0;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();

  private readonly server: Server;
  private listeningOn = 0;

  private constructor(stall: Stall) {
    this.server = createServer((socket) => this.serve(socket, stall));
  }

  get port(): number {
    return this.listeningOn;
  }

  /** Connections the client has not closed yet. */
  get open(): number {
    return this.sockets.size;
  }

  static async start(stall: Stall): Promise<StallingSmtp> {
    const local = new StallingSmtp(stall);
    local.listeningOn = await new Promise<number>((done, fail) => {
      local.server.once('error', fail);
      local.server.listen(0, '127.0.0.1', () => {
        const address = local.server.address();
        done(typeof address === 'object' && address !== null ? address.port : 0);
      });
    });
    return local;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    for (const socket of this.sockets) socket.destroy();
    await new Promise((done) => this.server.close(done));
  }

  private serve(socket: Socket, stall: Stall): void {
    this.connections++;
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let inData = false;
    let pending = '';
    const reply = (line: string, first = false): void => {
      const text = `${line}\r\n`;
      if (first) return void socket.write(text);
      if (stall.kind === 'slow') return this.later(stall.afterMs, () => socket.write(text));
      const drip = (at: number): void => {
        if (at === text.length || socket.destroyed) return;
        socket.write(text[at] as string);
        this.later(stall.everyMs, () => drip(at + 1));
      };
      drip(0);
    };
    reply('220 stalling.test ESMTP', true);
    socket.on('data', (chunk: Buffer) => {
      pending += chunk.toString('latin1');
      for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            reply('250 accepted');
          }
          continue;
        }
        this.commands.push(line.split(' ')[0]?.toUpperCase() ?? '');
        if (/^DATA$/i.test(line)) {
          inData = true;
          reply('354 go ahead');
        } else reply('250 ok');
      }
    });
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }
}
