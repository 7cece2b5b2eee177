import { isIPv6 } from 'node:net';
import type { Request } from 'express';

/**
 * The key a client is counted under (contract §6): its IPv4 address, or the /64 of its IPv6
 * address. `req.ip` already honours the app's `trust proxy` setting, so a forged
 * X-Forwarded-For from an untrusted peer never changes it. IPv4-mapped IPv6 addresses
 * (`::ffff:1.2.3.4`) count as the IPv4 address.
 */
export function clientKey(req: Request): string {
  const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  return rateLimitKeyOf(ip);
}

export function rateLimitKeyOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/**
 * The client's network for the consent record (contract §7): IPv4 truncated to /24, IPv6 to /48.
 */
export function clientNetwork(req: Request): string {
  const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const v4 = mapped?.[1] ?? (isIPv6(ip) ? undefined : ip);
  if (v4 !== undefined) {
    const parts = v4.split('.');
    return parts.length === 4 ? `${parts.slice(0, 3).join('.')}.0/24` : v4;
  }
  return `${expandIPv6(ip).slice(0, 3).join(':')}::/48`;
}

function expandIPv6(ip: string): string[] {
  const withoutZone = ip.split('%')[0] ?? ip;
  const [head = '', tail] = withoutZone.split('::');
  const headParts = head === '' ? [] : head.split(':');
  const tailParts = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headParts.length - tailParts.length;
  const groups = [...headParts, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailParts];
  return groups.map((g) => (parseInt(g, 16) || 0).toString(16));
}
