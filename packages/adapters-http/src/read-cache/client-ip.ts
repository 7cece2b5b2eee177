import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';
import type { TrustProxy } from '../app/create-http-app.js';

/**
 * The client address as Express's `req.ip` gives it under the same `trust proxy` setting (Express
 * compiles it with `proxy-addr` the same way: hop count, address list, or none), for requests
 * answered before Express.
 */
export function clientIpOf(trustProxy: TrustProxy): (req: IncomingMessage) => string {
  if (trustProxy === false) return (req) => req.socket.remoteAddress ?? 'unknown';
  const trust =
    typeof trustProxy === 'number'
      ? (_address: string, hop: number) => hop < trustProxy
      : namedProxies(trustProxy);
  return (req) => proxyAddr(req, trust);
}

/**
 * Whether an address is one of the proxies a `TRUST_PROXY` list names (addresses, CIDRs, and
 * Express's names such as `loopback`), as `proxy-addr` (and so Express) reads the list.
 */
export function namedProxies(list: readonly string[]): (address: string) => boolean {
  const trust = proxyAddr.compile([...list]);
  return (address) => trust(address, 0);
}
