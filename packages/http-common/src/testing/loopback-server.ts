import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  /** `http://127.0.0.1:port` */
  readonly url: string;
  readonly server: Server;
  /** Closes the server and every connection still open on it. */
  close(): Promise<void>;
}

/** Waits until `server` (already told to listen on `127.0.0.1`) listens, and says where. */
export async function onLoopback(server: Server): Promise<LoopbackServer> {
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
