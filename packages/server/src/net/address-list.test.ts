import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { parseAddressList } from './address-list';

describe('address lists in configuration', () => {
  it('reads comma or space separated lists and arrays', () => {
    expect(parseAddressList('X', '10.0.0.1, 192.168.0.0/16  ::1', 'cidr')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(parseAddressList('X', ['fd00::/8', '127.0.0.1'], 'cidr')).toEqual(['fd00::/8', '127.0.0.1']);
    expect(parseAddressList('X', undefined, 'cidr')).toEqual([]);
    expect(parseAddressList('X', 'hooks.internal, 127.0.0.1', 'cidr-or-host')).toEqual(['hooks.internal', '127.0.0.1']);
  });

  it('names the option and the bad entry', () => {
    expect(() => parseAddressList('LUMEN_TRUSTED_PROXIES', '10.0.0.1, nope', 'cidr')).toThrow(ConfigError);
    expect(() => parseAddressList('LUMEN_TRUSTED_PROXIES', '10.0.0.1, nope', 'cidr')).toThrow('LUMEN_TRUSTED_PROXIES: "nope" is not an IP address or CIDR range');
    // Ambiguous notations are refused in configuration: write addresses in full.
    expect(() => parseAddressList('X', '127.1', 'cidr')).toThrow(/not an IP/);
    expect(() => parseAddressList('X', '10.0.0.0/33', 'cidr')).toThrow(/not an IP/);
    expect(() => parseAddressList('X', 'http://x/', 'cidr-or-host')).toThrow(/host name/);
  });

  it('defaults to no trusted proxy and an empty allow-list, read from LUMEN_* variables', () => {
    const none = loadConfig({ LUMEN_DATA_DIR: '/tmp/lumen-x' });
    expect(none.trustedProxies).toEqual([]);
    expect(none.outboundAllowList).toEqual([]);
    const set = loadConfig({ LUMEN_DATA_DIR: '/tmp/lumen-x', LUMEN_TRUSTED_PROXIES: '10.0.0.0/8', LUMEN_OUTBOUND_ALLOW_LIST: '127.0.0.1,hooks.internal' });
    expect(set.trustedProxies).toEqual(['10.0.0.0/8']);
    expect(set.outboundAllowList).toEqual(['127.0.0.1', 'hooks.internal']);
  });
});
