import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundRefusedError, refusalReason, resolveAllowed } from './outbound-guard';
import { outboundRequest, UNREACHABLE } from './outbound-request';

const NONE = { allow: [] as string[] };

/** Internal addresses in the notations URL parsers, resolvers and libc accept. */
const INTERNAL_HOSTS = [
  '127.0.0.1',
  '127.1',
  '127.0.1',
  '0x7f.1',
  '0x7f000001',
  '0x7f.0.0.1',
  '2130706433',
  '017700000001',
  '0177.0.0.1',
  '0177.0.0.01',
  '127.255.255.254',
  '0',
  '0.0.0.0',
  '[::1]',
  '[0:0:0:0:0:0:0:1]',
  '[::]',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[0:0:0:0:0:ffff:127.0.0.1]',
  '[::ffff:169.254.169.254]',
  '[::ffff:a9fe:a9fe]',
  '169.254.169.254',
  '0xa9.0xfe.0xa9.0xfe',
  '2852039166',
  '[fd00:ec2::254]',
  '100.100.100.200',
  '100.64.0.1',
  '10.0.0.1',
  '012.0.0.1',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '0xc0.0xa8.1.1',
  '3232235777',
  '[fc00::1]',
  '[fe80::1]',
  '[64:ff9b::7f00:1]',
  '[2002:7f00:1::]',
  '224.0.0.1',
  '255.255.255.255',
  'localhost',
];

describe('outbound guard: address classification', () => {
  it('refuses every internal notation in a URL', async () => {
    for (const host of INTERNAL_HOSTS) {
      // The URL parser normalises IPv4 notations (0x7f.1 -> 127.0.0.1), as fetch and http.request do.
      const hostname = new URL(`http://${host}:8080/x`).hostname;
      await expect(resolveAllowed(hostname, NONE), host).rejects.toBeInstanceOf(OutboundRefusedError);
    }
  });

  it('refuses the raw notations too, when they reach the guard unparsed', () => {
    for (const raw of ['0x7f.1', '2130706433', '0177.0.0.1', '127.1', '::ffff:127.0.0.1', '::1', '[::1]', 'fe80::1%eth0']) {
      expect(refusalReason(raw, NONE), raw).not.toBeNull();
    }
  });

  it('names the address class and the setting that allows it', async () => {
    await expect(resolveAllowed('169.254.169.254', NONE)).rejects.toThrow(
      '169.254.169.254 is a linkLocal address, which outbound requests may not reach; add it to LUMEN_OUTBOUND_ALLOW_LIST to allow it',
    );
    await expect(resolveAllowed('localhost', NONE)).rejects.toThrow(/^localhost \((127\.0\.0\.1|::1)\) is a loopback address/);
  });

  it('checks every address a name resolves to', async () => {
    const answers = (list: string[]) => async () => list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    await expect(resolveAllowed('mixed.example', NONE, answers(['93.184.215.14', '10.0.0.5']))).rejects.toThrow('mixed.example (10.0.0.5) is a private address');
    await expect(resolveAllowed('v6.example', NONE, answers(['2606:4700::1', '::ffff:169.254.169.254']))).rejects.toThrow(/linkLocal/);
    await expect(resolveAllowed('public.example', NONE, answers(['93.184.215.14', '2606:4700::1']))).resolves.toHaveLength(2);
    await expect(resolveAllowed('empty.example', NONE, answers([]))).rejects.toThrow(/has no address/);
    // An allow-listed name may resolve to internal addresses.
    await expect(resolveAllowed('hooks.internal', { allow: ['hooks.internal'] }, answers(['10.0.0.5']))).resolves.toHaveLength(1);
  });

  it('lets public addresses through', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(refusalReason(address, NONE), address).toBeNull();
    }
  });

  it('honours the allow-list: addresses, CIDR ranges and host names', async () => {
    expect(refusalReason('127.0.0.1', { allow: ['127.0.0.1'] })).toBeNull();
    // Every notation of an allowed address is allowed.
    expect(refusalReason('::ffff:127.0.0.1', { allow: ['127.0.0.1'] })).toBeNull();
    expect(refusalReason('10.20.3.4', { allow: ['10.20.0.0/16'] })).toBeNull();
    expect(refusalReason('10.21.3.4', { allow: ['10.20.0.0/16'] })).toBe('private');
    expect(refusalReason('fd00::5', { allow: ['fd00::/64'] })).toBeNull();
    expect(refusalReason('127.0.0.2', { allow: ['127.0.0.1'] })).toBe('loopback');
    await expect(resolveAllowed('localhost', { allow: ['localhost'] })).resolves.not.toHaveLength(0);
    await expect(resolveAllowed('127.1', { allow: ['127.0.0.0/8'] })).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});

describe('outbound requests', () => {
  let server: Server;
  let port: number;
  let closedPort: number;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      if (req.url === '/hang') return;
      if (req.url === '/reset') return req.socket.destroy();
      res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('never connects to an internal address that is not allow-listed', async () => {
    const before = seen.length;
    for (const host of ['127.0.0.1', '0x7f.1', '2130706433', '127.1', '[::ffff:127.0.0.1]', 'localhost']) {
      await expect(outboundRequest({ url: `http://${host}:${port}/secret`, timeoutMs: 2000, policy: NONE }), host).rejects.toBeInstanceOf(OutboundRefusedError);
    }
    expect(seen.length).toBe(before);
  });

  it('connects to the address it checked, not to what DNS answers later (rebinding)', async () => {
    const { pinnedLookup } = await import('./outbound-guard');
    const lookup = pinnedLookup([{ address: '127.0.0.1', family: 4 }]);
    const answer = await new Promise<string>((resolve) => lookup('rebind.example', { family: 0 }, (_e, address) => resolve(String(address))));
    expect(answer).toBe('127.0.0.1');
    // A name resolving to an internal address is refused before any connection.
    const before = seen.length;
    await expect(outboundRequest({ url: `http://localhost:${port}/`, timeoutMs: 1000, policy: NONE })).rejects.toThrow(/loopback/);
    expect(seen.length).toBe(before);
  });

  it('reaches an allow-listed address', async () => {
    const res = await outboundRequest({ url: `http://0x7f.1:${port}/ok`, method: 'POST', body: '{}', timeoutMs: 2000, policy: { allow: ['127.0.0.1'] } });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('hello');
  });

  it('gives one message for refused, reset and timed-out connections', async () => {
    const policy = { allow: ['127.0.0.1'] };
    const messages = await Promise.all(
      [`http://127.0.0.1:${closedPort}/`, `http://127.0.0.1:${port}/reset`, `http://127.0.0.1:${port}/hang`].map((url) =>
        outboundRequest({ url, timeoutMs: 500, policy }).then(
          () => 'answered',
          (error: Error) => error.message,
        ),
      ),
    );
    expect(messages).toEqual([UNREACHABLE, UNREACHABLE, UNREACHABLE]);
  });

  it('refuses URLs that are not http(s)', async () => {
    await expect(outboundRequest({ url: 'file:///etc/passwd', timeoutMs: 500, policy: NONE })).rejects.toThrow(/http\(s\) URL/);
    await expect(outboundRequest({ url: 'gopher://127.0.0.1:25/', timeoutMs: 500, policy: NONE })).rejects.toThrow(/http\(s\) URL/);
  });
});
