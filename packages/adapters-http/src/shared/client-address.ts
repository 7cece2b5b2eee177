import type { Request } from 'express';
import ipaddr from 'ipaddr.js';

/**
 * The key a client is counted under (contract §6): its IPv4 address, or the /64 of its IPv6
 * address. `req.ip` already honours the app's `trust proxy` setting, so a forged
 * X-Forwarded-For from an untrusted peer never changes it. IPv4-mapped IPv6 addresses
 * (`::ffff:1.2.3.4`) count as the IPv4 address; a zone id (`fe80::1%eth0`) is ignored.
 */
export function clientKey(req: Request): string {
  return rateLimitKeyOf(requestAddress(req));
}

export function rateLimitKeyOf(ip: string): string {
  const address = parseAddress(ip);
  if (address === undefined) return ip;
  if (address instanceof ipaddr.IPv4) return address.toString();
  return `${groupsOf(address, 4)}::/64`;
}

/**
 * The client's network for the consent record (contract §7): IPv4 truncated to /24, IPv6 to /48.
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

function requestAddress(req: Request): string {
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
