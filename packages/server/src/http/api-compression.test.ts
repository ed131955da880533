import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';

/** GET /api/v1/chart/_info answers some 5 KB of JSON, /api/v1/security/roles/ a few hundred bytes. */
const LARGE = '/api/v1/chart/_info';
const SMALL = '/api/v1/security/roles/';

describe('API JSON compression', () => {
  let t: TestApp;
  afterEach(async () => t?.close());
  const get = (url: string, acceptEncoding?: string) => t.app.inject({ url, headers: { ...t.headers('admin'), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

  it('compresses answers above the threshold as the client accepts, and says it varies', async () => {
    t = await createTestApp();
    const plain = await get(LARGE);
    expect(plain.rawPayload.length).toBeGreaterThan(t.config.compressionThreshold);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    const br = await get(LARGE, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gz = await get(LARGE, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect((await get(LARGE, 'identity')).headers['content-encoding']).toBeUndefined();
  });

  it('sends answers below the threshold as they are', async () => {
    t = await createTestApp();
    const small = await get(SMALL, 'br, gzip');
    expect(small.rawPayload.length).toBeLessThan(t.config.compressionThreshold);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().result.length).toBeGreaterThan(0);
  });

  it('follows the configured threshold, and can be switched off', async () => {
    t = await createTestApp({ config: { compressionThreshold: 0 } });
    expect((await get(SMALL, 'gzip')).headers['content-encoding']).toBe('gzip');
    await t.close();
    t = await createTestApp({ config: { compression: false } });
    const off = await get(LARGE, 'br');
    expect(off.headers['content-encoding']).toBeUndefined();
    expect(off.headers.vary).toBeUndefined();
  });
});
