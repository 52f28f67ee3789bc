// Server-side request forgery: a webhook URL is a request the server makes on behalf of a client,
// so it must not reach the server's own network. Every address a host name resolves to is checked,
// at registration and again at each delivery (a name may resolve elsewhere later: DNS rebinding);
// the delivery connects to the very address that was checked (http.request's `lookup`).
// WEBHOOK_ALLOW_PRIVATE=1 lifts the check (tests, or a deployment whose receivers are internal).
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Resolves a host name to its addresses (injectable for tests). */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: an IPv4 address in disguise
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (also fd00:ec2::254, a metadata address)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Why an address may not be reached, or null when it is a public unicast address. */
export function forbiddenAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  if (family === 6) {
    // An IPv4 address mapped into IPv6 (::ffff:127.0.0.1) is that IPv4 address.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return forbiddenAddress(mapped[1]);
    return blocked.check(address, 'ipv6') ? `${address} is a loopback, private, link-local or reserved address` : null;
  }
  return blocked.check(address, 'ipv4') ? `${address} is a loopback, private, link-local or reserved address` : null;
}

/** The host of a URL as an address or a name ("[::1]" -> "::1"). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * The addresses to connect to for `hostname`, all of them checked; throws with the reason when
 * any is forbidden (a name with one private address among public ones is refused as a whole).
 */
export async function checkedAddresses(hostname: string, resolve: Resolver, allowPrivate: boolean): Promise<string[]> {
  const addresses = isIP(hostname) ? [hostname] : await resolve(hostname);
  if (!addresses.length) throw new Error(`${hostname} does not resolve to any address`);
  if (!allowPrivate) {
    for (const address of addresses) {
      const problem = forbiddenAddress(address);
      if (problem) throw new Error(isIP(hostname) ? problem : `${hostname} resolves to ${problem.replace(' is a ', ', a ')}`);
    }
  }
  return addresses;
}
