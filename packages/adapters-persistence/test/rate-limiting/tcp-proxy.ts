import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a real server, to stage outages: `freeze()` keeps connections open but
 * lets nothing through (a server that stopped answering), `stop()` drops every connection and
 * refuses new ones (a server that went away), `start()` again brings it back on the same port.
 */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;
  private frozen = false;

  private constructor(
    private readonly target: { host: string; port: number },
    private listenPort: number,
  ) {}

  /** A proxy to `target` on a free local port, already listening. */
  static async open(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target, 0);
    await proxy.start();
    return proxy;
  }

  get port(): number {
    return this.listenPort;
  }

  /** Listens again (on the same port once it has one) and lets traffic through. */
  async start(): Promise<void> {
    this.frozen = false;
    const server = createServer((client) => this.relay(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.listenPort, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (address !== null && typeof address === 'object') this.listenPort = address.port;
    this.server = server;
  }

  /** Keeps every connection open but passes nothing on, either way. */
  freeze(): void {
    this.frozen = true;
  }

  /** Drops every connection and stops listening. */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    const server = this.server;
    this.server = undefined;
    if (server !== undefined) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private relay(client: Socket): void {
    const upstream = connect(this.target.port, this.target.host);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk) => {
      if (!this.frozen) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!this.frozen) client.write(chunk);
    });
  }
}
