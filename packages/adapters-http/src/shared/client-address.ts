import type { Logger } from '@reviews/application';
import type { Request } from 'express';
import type { IncomingMessage } from 'node:http';
import ipaddr from 'ipaddr.js';
import { isIPv4 } from 'node:net';
import proxyAddr from 'proxy-addr';

/** Which proxies may speak for the client through X-Forwarded-For (Express's `trust proxy`). */
export type TrustProxy = false | number | readonly string[];

/**
 * The key a client is counted under (docs/api.md#limits): its IPv4 address, or the /64 of its IPv6
 * address. `req.ip` is `clientAddressOf`'s answer (`createHttpApp` makes it so), so a forged
 * X-Forwarded-For from an untrusted peer never changes it. IPv4-mapped IPv6 addresses
 * (`::ffff:1.2.3.4`) count as the IPv4 address; a zone id (`fe80::1%eth0`) is ignored.
 */
export function clientKey(req: IncomingMessage & Pick<Partial<Request>, 'ip'>): string {
  return rateLimitKeyOf(requestAddress(req));
}

/**
 * The client's address under the `trust proxy` setting, for every path (Express's `req.ip`,
 * the answers given before Express): the X-Forwarded-For entry that `proxy-addr` picks, as
 * Express does (hop count, address list, or none). An entry that is not an IP address
 * (`garbage`, `[1:2:0:3::1]`, an empty member) would be a bucket of its own for whatever a
 * client wrote, so the request counts as the connected peer's, the proxy's own address; the
 * first time, `logger` is warned (once per logger: the server gives every path the same one).
 */
export function clientAddressOf(
  trustProxy: TrustProxy,
  logger: Pick<Logger, 'warn'>,
): (req: IncomingMessage) => string {
  const peer = (req: IncomingMessage) => req.socket.remoteAddress ?? 'unknown';
  if (trustProxy === false) return peer;
  const trust =
    typeof trustProxy === 'number'
      ? (_address: string, hop: number) => hop < trustProxy
      : namedProxies(trustProxy);
  return (req) => {
    const forwarded = proxyAddr(req, trust);
    if (parseAddress(forwarded) !== undefined) return forwarded;
    warnOnce(logger);
    return peer(req);
  };
}

/**
 * Whether an address is one of the proxies a `TRUST_PROXY` list names (addresses, CIDRs, and
 * Express's names such as `loopback`), as `proxy-addr` (and so Express) reads the list.
 */
export function namedProxies(list: readonly string[]): (address: string) => boolean {
  const trust = proxyAddr.compile([...list]);
  return (address) => trust(address, 0);
}

const warned = new WeakSet<object>();

function warnOnce(logger: Pick<Logger, 'warn'>): void {
  if (warned.has(logger)) return;
  warned.add(logger);
  logger.warn(
    {},
    "a trusted proxy sent an X-Forwarded-For entry that is no IP address; such requests count as the proxy's own (warned once)",
  );
}

/**
 * The key a request answered before Express (no `req.ip`) is counted under: `clientAddressOf`,
 * then `rateLimitKeyOf`, exactly as `clientKey` on the Express path.
 */
export function clientKeyOf(
  trustProxy: TrustProxy,
  logger: Pick<Logger, 'warn'>,
): (req: IncomingMessage) => string {
  const clientAddress = clientAddressOf(trustProxy, logger);
  return (req) => rateLimitKeyOf(clientAddress(req));
}

/** The last address `rateLimitKeyOf` was asked about, and its key. */
let last = { ip: '', key: '' };

export function rateLimitKeyOf(ip: string): string {
  // Parsing an address costs 3–6 µs, a tenth of a cached answer: the same address as the
  // last request's has the same key, and a dotted quad as Node writes a peer's address (decimal,
  // no leading zeros) is its own key, as is the one inside `::ffff:a.b.c.d`.
  if (ip === last.ip) return last.key;
  const key = isIPv4(ip)
    ? ip
    : ip.startsWith('::ffff:') && isIPv4(ip.slice(7))
      ? ip.slice(7)
      : parsedKeyOf(ip);
  last = { ip, key };
  return key;
}

function parsedKeyOf(ip: string): string {
  const address = parseAddress(ip);
  if (address === undefined) return ip;
  if (address instanceof ipaddr.IPv4) return address.toString();
  return `${groupsOf(address, 4)}::/64`;
}

/**
 * The client's network for the consent record (docs/api.md#newsletter-signup-double-opt-in): IPv4
 * truncated to /24, IPv6 to /48.
 */
export function clientNetwork(req: Request): string {
  return networkOf(requestAddress(req));
}

export function networkOf(ip: string): string {
  const address = parseAddress(ip);
  if (address === undefined) return ip;
  if (address instanceof ipaddr.IPv4) return `${address.octets.slice(0, 3).join('.')}.0/24`;
  return `${groupsOf(address, 3)}::/48`;
}

function requestAddress(req: IncomingMessage & Pick<Partial<Request>, 'ip'>): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** The address as ipaddr.js reads it, IPv4-mapped IPv6 turned into IPv4; undefined when not an address. */
function parseAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!ipaddr.isValid(ip)) return undefined;
  const address = ipaddr.parse(ip);
  if (address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress())
    return address.toIPv4Address();
  return address;
}

function groupsOf(address: ipaddr.IPv6, count: number): string {
  return address.parts
    .slice(0, count)
    .map((part) => part.toString(16))
    .join(':');
}
