import type { AddressInfo } from 'node:net';
import type { Server } from 'node:net';

/**
 * `http://host:port` of a listening `server` bound to `host`, with the port it actually got (port 0
 * picks a free one). A wildcard address is shown as `localhost`, the address one would type.
 */
export function listeningUrl(server: Server, host: string): string {
  const { port } = server.address() as AddressInfo;
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}
