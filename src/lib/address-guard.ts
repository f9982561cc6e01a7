import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/*
 * Server-side request forgery: an admin (or whoever steals an admin's session) could point a
 * webhook at the salon's own network: the database port, a router's admin page, a cloud
 * provider's metadata service (169.254.169.254, fd00:ec2::254), which answers with
 * credentials. Only addresses that ipaddr.js classes as ordinary public unicast may be reached:
 * loopback, private (10/8, 172.16/12, 192.168/16), carrier-grade NAT (100.64/10, where one
 * cloud keeps its metadata service), link-local, multicast, unique-local IPv6, unspecified,
 * reserved and Teredo are all refused. An IPv6 address that carries an IPv4 address a router or
 * the kernel may hand on to IPv4 is judged by that IPv4 address: IPv4-mapped (::ffff:10.0.0.1),
 * IPv4-translated (::ffff:0:10.0.0.1), the deprecated IPv4-compatible form (::7f00:1 is
 * 127.0.0.1), NAT64's well-known prefix (64:ff9b::a00:1) and 6to4 (2002:0a00:0001::); NAT64's
 * local-use prefix (64:ff9b:1::/48) puts the IPv4 address where its operator chooses, so it is
 * refused whole. A public IPv4 address behind these forms stays reachable (DNS64 on an
 * IPv6-only network answers 64:ff9b::<public address> for every IPv4-only host).
 *
 * The check runs twice: when the endpoint is saved (a clear 400 for the admin), and when each
 * attempt connects. The second is what makes it hold: the connection's own name look-up goes
 * through `guardedLookup`, so the address judged is the address connected to, and a name that
 * resolved to a public address at registration and to 127.0.0.1 now (DNS rebinding) is refused.
 */

export class RefusedAddressError extends Error {
  constructor(readonly address: string) {
    super(`refused to connect to ${address}: not a public address (WEBHOOKS_ALLOW_PRIVATE allows it)`);
  }
}

export class UnresolvableHostError extends Error {
  constructor(readonly host: string) {
    super(`the host ${host} does not resolve`);
  }
}

const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');
const NAT64_LOCAL_USE = ipaddr.parseCIDR('64:ff9b:1::/48');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');

/** The IPv4 address an IPv6 address leads to, or null when it leads to none. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  const last32 = () => new ipaddr.IPv4([parts[6]! >> 8, parts[6]! & 0xff, parts[7]! >> 8, parts[7]! & 0xff]);
  const leadingZeros = (count: number) => parts.slice(0, count).every((part) => part === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, :: and ::1 included: 0.0.0.0/8 is refused).
  if (leadingZeros(5) && (parts[5] === 0xffff || parts[5] === 0)) return last32();
  // ::ffff:0:a.b.c.d (translated).
  if (leadingZeros(4) && parts[4] === 0xffff && parts[5] === 0) return last32();
  if (address.match(NAT64_WELL_KNOWN)) return last32();
  if (address.match(SIX_TO_FOUR)) {
    return new ipaddr.IPv4([parts[1]! >> 8, parts[1]! & 0xff, parts[2]! >> 8, parts[2]! & 0xff]);
  }
  return null;
}

/** True when `address` (an IP literal) is not an ordinary public unicast address. */
export function isForbiddenAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() !== 'unicast';
  const ipv6 = parsed as ipaddr.IPv6;
  if (ipv6.match(NAT64_LOCAL_USE)) return true;
  const ipv4 = embeddedIPv4(ipv6);
  return ipv4 ? ipv4.range() !== 'unicast' : ipv6.range() !== 'unicast';
}

/** The URL's host as a resolver or `isIP` wants it: IPv6 literals lose their brackets. */
export function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => {
      if (error || addresses.length === 0) reject(new UnresolvableHostError(host));
      else resolve(addresses);
    });
  });
}

/**
 * The registration check: every address the host resolves to must be public (one private
 * address among public ones is enough to refuse: which one a connection gets is not ours to
 * choose). Throws RefusedAddressError or UnresolvableHostError.
 */
export async function checkDestination(url: URL, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = bareHost(url);
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolveAll(host);
  const refused = addresses.find((entry) => isForbiddenAddress(entry.address));
  if (refused) throw new RefusedAddressError(refused.address);
}

/**
 * A `lookup` for http(s).request: resolves as usual, then refuses the connection when any
 * address is not public. Node calls it with `all: true` when it may try several addresses
 * (autoSelectFamily), else expects one address; both shapes are answered.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => isForbiddenAddress(entry.address));
    if (refused) return callback(new RefusedAddressError(refused.address), '', 0);
    if (addresses.length === 0) return callback(new UnresolvableHostError(hostname), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
