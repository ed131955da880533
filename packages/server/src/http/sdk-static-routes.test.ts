import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAppRoutes } from './app-routes';
import { defaultSdkBundles, registerSdkStaticRoutes } from './sdk-static-routes';

const HOST = 'https://host.example.com';
const SCRIPT = `export const lumen = ${JSON.stringify('x'.repeat(2000))};\n`;

/** A built bundle directory: a file, its precompressed siblings (as rollup.config.mjs writes them), a chunk. */
function writeBundle(dir: string, file: string): void {
  mkdirSync(join(dir, 'chunks'), { recursive: true });
  writeFileSync(join(dir, file), SCRIPT);
  writeFileSync(join(dir, `${file}.br`), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, `${file}.gz`), gzipSync(SCRIPT));
  writeFileSync(join(dir, 'chunks', 'views-lite-AbC.js'), 'export {};');
}

describe('the SDK bundles under /static/elements/ and /static/embed/', () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'lumen-sdk-static-'));
    writeBundle(join(root, 'elements'), 'bi-elements.lite.js');
    writeBundle(join(root, 'embed'), 'lumen-embed.js');
    writeBundle(join(root, 'app', 'static'), 'main-XyZ.js');
    writeFileSync(join(root, 'app', 'index.html'), '<!doctype html>');
    app = Fastify({ logger: false });
    const isEmbeddingOrigin = async (origin: string) => origin === HOST;
    await app.register(registerSdkStaticRoutes, {
      bundles: [
        { prefix: '/static/elements/', dir: join(root, 'elements'), version: '1.2.3' },
        { prefix: '/static/embed/', dir: join(root, 'embed'), version: '1.2.3' },
      ],
      isEmbeddingOrigin,
    });
    await app.register(registerAppRoutes, { appDir: join(root, 'app'), isEmbeddingOrigin });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the documented URL with a short cache, readable by any origin (module scripts are CORS requests)', async () => {
    const res = await app.inject({ url: '/static/elements/bi-elements.lite.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.body).toBe(SCRIPT);
  });

  it('serves the versioned URL with a year-long immutable cache, and its chunks', async () => {
    const res = await app.inject({ url: '/static/elements/1.2.3/bi-elements.lite.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(SCRIPT);
    expect((await app.inject({ url: '/static/elements/1.2.3/chunks/views-lite-AbC.js' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/static/embed/1.2.3/lumen-embed.js' })).statusCode).toBe(200);
  });

  it('answers 404 for another version and for files that are not there', async () => {
    expect((await app.inject({ url: '/static/elements/9.9.9/bi-elements.lite.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/static/elements/nothing.js' })).statusCode).toBe(404);
  });

  it('sends brotli or gzip to browsers that accept them', async () => {
    const br = await app.inject({ url: '/static/elements/bi-elements.lite.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await app.inject({ url: '/static/embed/1.2.3/lumen-embed.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    expect(gz.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
  });

  it("compresses the app's /static/ assets (the iframe page's scripts) the same way", async () => {
    const res = await app.inject({ url: '/static/main-XyZ.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('names an embedding origin in Timing-Allow-Origin, and no other origin', async () => {
    const allowed = await app.inject({ url: '/static/elements/bi-elements.lite.js', headers: { origin: HOST } });
    expect(allowed.headers['timing-allow-origin']).toBe(HOST);
    expect(String(allowed.headers.vary)).toMatch(/origin/i);
    const byReferer = await app.inject({ url: '/static/main-XyZ.js', headers: { referer: `${HOST}/reports/q3` } });
    expect(byReferer.headers['timing-allow-origin']).toBe(HOST);
    const other = await app.inject({ url: '/static/elements/bi-elements.lite.js', headers: { origin: 'https://evil.example.com' } });
    expect(other.headers['timing-allow-origin']).toBeUndefined();
    expect((await app.inject({ url: '/static/elements/bi-elements.lite.js' })).headers['timing-allow-origin']).toBeUndefined();
  });
});

describe('defaultSdkBundles', () => {
  it("finds the elements' and embed's dist/bundle with their package versions", () => {
    const bundles = defaultSdkBundles();
    expect(bundles.map((bundle) => bundle.prefix)).toEqual(['/static/elements/', '/static/embed/']);
    expect(bundles[0].dir).toMatch(/packages[\\/]elements[\\/]dist[\\/]bundle$/);
    expect(bundles[0].version).toMatch(/^\d+\.\d+\.\d+/);
  });
});
