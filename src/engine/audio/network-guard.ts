import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Raised from inside the socket's DNS lookup so that every connection, redirects included, is checked. */
export class BlockedAddressError extends Error {
  constructor(readonly host: string) {
    super(`${host} resolves to a private, loopback or otherwise non-public address.`);
    this.name = 'BlockedAddressError';
  }
}

/**
 * IPv6 ranges ipaddr.js calls plain unicast that are not: IPv4-compatible addresses (::/96,
 * deprecated by RFC 4291; `[::127.0.0.1]` reaches the URL parser as `[::7f00:1]`) and the
 * deprecated site-local fec0::/10. 6to4, Teredo, NAT64 (RFC 6052) and SIIT (RFC 6145) carry
 * IPv4 addresses too, and have ranges of their own, so they are refused below with the rest.
 */
const IPV4_COMPATIBLE_DOTTED = /^::(\d{1,3}\.){3}\d{1,3}$/;
const HIDDEN_NON_PUBLIC = [ipaddr.IPv6.parseCIDR('::/96'), ipaddr.IPv6.parseCIDR('fec0::/10')];

/**
 * Only ordinary public unicast is allowed. IPv4-mapped IPv6 is judged as the IPv4 it carries;
 * every other IPv6 form that embeds an IPv4 address is refused outright.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // ipaddr.js reads the dotted IPv4-compatible form `::8.8.8.8` as IPv4-mapped.
  if (IPV4_COMPATIBLE_DOTTED.test(address)) return false;
  const v6 = ipaddr.IPv6.isValid(address) ? ipaddr.IPv6.parse(address) : null;
  if (v6 && HIDDEN_NON_PUBLIC.some((range) => v6.match(range))) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** URL hostnames keep IPv6 literals in brackets; net and dns want them bare. */
export function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

export function assertPublicLiteral(hostname: string): void {
  const host = bareHost(hostname);
  if (isIP(host) && !isPublicAddress(host)) throw new BlockedAddressError(host);
}

/**
 * A `lookup` for net/tls.connect that resolves every address of the host and refuses the
 * connection if any of them is non-public. Checking at connect time, not before the request,
 * closes the gap where DNS answers differently the second time (DNS rebinding).
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '');
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) {
      return callback(new BlockedAddressError(hostname), '');
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};
