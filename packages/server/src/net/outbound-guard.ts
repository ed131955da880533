import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * What the server may connect to on a user's behalf (report webhooks, resources the report renderer's
 * browser fetches): only public unicast addresses, unless the configured allow-list names the address, a
 * CIDR range holding it, or the exact host name. Loopback, private (RFC 1918), link-local (cloud metadata
 * at 169.254.169.254), unique-local (fd00:ec2::254), CGNAT (100.100.100.200), unspecified, multicast,
 * reserved and the IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4, Teredo) are refused.
 *
 * Host names are resolved here (every address), each address is checked, and the connection goes to the
 * checked address: `pinnedLookup` is handed to http.request as its `lookup`, so a DNS answer that changes
 * between check and connect (rebinding) cannot redirect the request.
 */
export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
}

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

export interface OutboundPolicy {
  /** IPs, CIDRs or exact host names from configuration (LUMEN_OUTBOUND_ALLOW_LIST). */
  allow: readonly string[];
}

/** The only ipaddr.js range that is the public internet; every other range (loopback, private, ...) is refused. */
const PUBLIC_RANGES = new Set(['unicast']);

/**
 * Parses an address in any notation a URL parser or resolver may hand over (IPv4 in hex, octal, decimal or
 * short form; IPv6 with or without brackets and zone id) and unwraps IPv4-mapped IPv6 addresses, so
 * `::ffff:127.0.0.1` is judged as 127.0.0.1.
 */
export function parseAnyAddress(text: string): Parsed | null {
  const bare = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  let parsed: Parsed;
  try {
    parsed = ipaddr.parse(bare);
  } catch {
    return null;
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) return (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed;
}

function matchesEntry(address: Parsed, entry: string): boolean {
  try {
    if (entry.includes('/')) {
      const [network, bits] = ipaddr.parseCIDR(entry);
      return network.kind() === address.kind() && address.match(network, bits);
    }
    const single = parseAnyAddress(entry);
    return single !== null && single.kind() === address.kind() && single.toNormalizedString() === address.toNormalizedString();
  } catch {
    return false;
  }
}

/** Why an address is refused ('loopback', 'private', 'linkLocal', ...), or null when it may be reached. */
export function refusalReason(address: string, policy: OutboundPolicy, hostName?: string): string | null {
  const parsed = parseAnyAddress(address);
  if (!parsed) return 'not an IP address';
  if (hostName && policy.allow.some((entry) => entry.toLowerCase() === hostName.toLowerCase())) return null;
  if (policy.allow.some((entry) => matchesEntry(parsed, entry))) return null;
  const range = parsed.range();
  return PUBLIC_RANGES.has(range) ? null : range;
}

function refuse(host: string, address: string, reason: string): OutboundRefusedError {
  const shown = host === address ? host : `${host} (${address})`;
  return new OutboundRefusedError(
    `${shown} is a ${reason} address, which outbound requests may not reach; add it to LUMEN_OUTBOUND_ALLOW_LIST to allow it`,
  );
}

/**
 * Resolves `host` (every address) and returns the addresses when all may be reached; refuses when any may
 * not, so a name that also resolves to an internal address is not half-trusted.
 *
 * @example
 * await resolveAllowed('hooks.example.org', { allow: [] }); // [{ address: '93.184.215.14', family: 4 }]
 * await resolveAllowed('0x7f.1', { allow: [] });            // throws OutboundRefusedError (loopback)
 */
export type ResolveAll = (host: string) => Promise<LookupAddress[]>;

/** Every address of a name, as the system resolver answers (hosts file included). */
export const systemResolveAll: ResolveAll = (host) =>
  new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (error, found) => (error ? reject(error) : resolve(found))));

export async function resolveAllowed(host: string, policy: OutboundPolicy, resolveAll: ResolveAll = systemResolveAll): Promise<LookupAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const literal = parseAnyAddress(bare);
  const addresses: LookupAddress[] = literal ? [{ address: literal.toString(), family: literal.kind() === 'ipv4' ? 4 : 6 }] : await resolveAll(bare);
  if (addresses.length === 0) throw new OutboundRefusedError(`${host} has no address`);
  for (const { address } of addresses) {
    const reason = refusalReason(address, policy, literal ? undefined : bare);
    if (reason) throw refuse(host, address, reason);
  }
  return addresses;
}

/**
 * A `lookup` for http(s).request / net.connect that answers only with addresses `resolveAllowed` already
 * checked, so the socket cannot reach anything else whatever DNS says by the time it connects. (Node skips
 * `lookup` for IP-literal hosts; those are checked by resolveAllowed before the request starts.)
 *
 * @example
 * http.request(url, { lookup: pinnedLookup(await resolveAllowed(url.hostname, policy)) });
 */
export function pinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family ? addresses.filter((a) => a.family === options.family) : addresses;
    const list = wanted.length ? wanted : addresses;
    if (options.all) (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, [...list]);
    else callback(null, list[0].address, list[0].family);
  };
}
