import ipaddr from 'ipaddr.js';
import { ConfigError } from '../config';

/**
 * Lists of network addresses in configuration (trusted proxies, the outbound allow-list): a comma- or
 * whitespace-separated string (environment) or an array (config file), each entry an IP address or a CIDR
 * range, and for the allow-list also an exact host name. Entries are validated at start so a typo is a
 * clear start-up error instead of a silently ignored rule.
 */
export type AddressListKind = 'cidr' | 'cidr-or-host';

/** A host name as written in URLs: labels of letters, digits and hyphens. */
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** Whether `entry` is an IP address or CIDR in standard notation (what proxy-addr and the guard accept). */
export function isIpOrCidr(entry: string): boolean {
  if (entry.includes('/')) return ipaddr.isValidCIDR(entry);
  return ipaddr.IPv4.isValidFourPartDecimal(entry) || ipaddr.IPv6.isValid(entry);
}

/**
 * @example
 * parseAddressList('LUMEN_TRUSTED_PROXIES', '10.0.0.1, 192.168.0.0/16', 'cidr'); // ['10.0.0.1', '192.168.0.0/16']
 */
export function parseAddressList(name: string, raw: unknown, kind: AddressListKind): string[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const entries = Array.isArray(raw) ? raw.map(String) : String(raw).split(/[\s,]+/);
  const list = entries.map((entry) => entry.trim()).filter(Boolean);
  for (const entry of list) {
    if (isIpOrCidr(entry)) continue;
    if (kind === 'cidr-or-host' && HOST_NAME.test(entry)) continue;
    const expected = kind === 'cidr' ? 'an IP address or CIDR range' : 'an IP address, CIDR range or host name';
    throw new ConfigError(`${name}: ${JSON.stringify(entry)} is not ${expected}`);
  }
  return list;
}
