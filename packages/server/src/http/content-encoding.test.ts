import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compress, compressedStream, varyOnAcceptEncoding } from './content-encoding';

const HEADERS = ['gzip, deflate, br', 'br', 'gzip', 'br;q=0.5, gzip', 'gzip;q=0.8, br;q=0.8', 'gzip;q=0, br', 'br;q=0', '*', 'identity', 'deflate', 'BR', ''];

describe('chooseEncoding', () => {
  it('takes the highest q-value, brotli on a tie, * as gzip, and nothing refused or unknown', () => {
    expect(HEADERS.map((header) => chooseEncoding(header))).toEqual(['br', 'br', 'gzip', 'gzip', 'br', 'br', null, 'gzip', null, null, 'br', null]);
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding(['gzip', 'br;q=0.1'])).toBe('gzip');
  });

  it('chooses as the precompressed static files are chosen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lumen-encoding-'));
    const script = 'console.log("static");\n'.repeat(50);
    writeFileSync(join(dir, 'app.js'), script);
    writeFileSync(join(dir, 'app.js.br'), brotliCompressSync(script));
    writeFileSync(join(dir, 'app.js.gz'), gzipSync(script));
    const app = Fastify();
    await app.register(fastifyStatic, { root: dir, prefix: '/static/', preCompressed: true });
    try {
      for (const header of HEADERS) {
        const res = await app.inject({ url: '/static/app.js', headers: header ? { 'accept-encoding': header } : {} });
        expect([header, res.headers['content-encoding'] ?? null]).toEqual([header, chooseEncoding(header)]);
      }
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('compress', () => {
  it('brotli- and gzip-compresses so that the bytes decompress to the input', async () => {
    const json = Buffer.from(JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: i, label: `row ${i}` }))));
    const br = await compress(json, 'br');
    const gz = await compress(json, 'gzip');
    expect(brotliDecompressSync(br).equals(json)).toBe(true);
    expect(gunzipSync(gz).equals(json)).toBe(true);
    expect(br.length).toBeLessThan(json.length / 4);
  });

  it('compresses harder at the best setting, and streams the fast setting to the same bytes', async () => {
    const json = Buffer.from(JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ id: i, label: `row ${i % 97}`, value: (i * 13.7) % 500 }))));
    for (const encoding of ['br', 'gzip'] as const) {
      const fast = await compress(json, encoding, 'fast');
      const best = await compress(json, encoding, 'best');
      expect(best.length).toBeLessThan(fast.length);
      const chunks: Buffer[] = [];
      for await (const chunk of compressedStream([json.subarray(0, 1000), json.subarray(1000)], encoding)) chunks.push(chunk as Buffer);
      const streamed = Buffer.concat(chunks);
      const decompress = encoding === 'br' ? brotliDecompressSync : gunzipSync;
      expect(decompress(streamed).equals(json)).toBe(true);
      expect(decompress(best).equals(json)).toBe(true);
    }
  });
});

describe('varyOnAcceptEncoding', () => {
  it('adds Accept-Encoding once, after what Vary already names', () => {
    const headers = new Map<string, string>();
    const vary = () => varyOnAcceptEncoding((name) => headers.get(name), (name, value) => headers.set(name, value));
    vary();
    vary();
    expect(headers.get('vary')).toBe('Accept-Encoding');
    headers.set('vary', 'Origin');
    vary();
    expect(headers.get('vary')).toBe('Origin, Accept-Encoding');
  });
});
