import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAllConnections } from '../engines';
import { nowIso } from '../metadata/connect';
import { createTestApp, type TestApp } from '../testing/harness';
import { compressedCopiesOf, compressedCopyKey, decodeCompressedCopy, encodeCompressedCopy } from './compressed-copies';
import { decodeStoredResult, encodeStoredResult } from './stored-result';
import { seedVirtualDataset } from './virtual-dataset.test-helpers';

const ROWS = 3000;
const SQL = `SELECT i AS id, i % 7 AS grp, 'label_' || i AS label FROM range(${ROWS}) t(i)`;

describe('chart data answers from stored bytes, with ETag, 304 and compression', () => {
  let t: TestApp;
  let datasetId: number;
  const body = (layout: 'records' | 'columns', extra: Record<string, unknown> = {}) => ({
    datasource: { id: datasetId, type: 'table' },
    queries: [{ columns: ['id', 'grp', 'label'], metrics: [], row_limit: ROWS, orderby: [['id', true]] }],
    result_layout: layout,
    ...extra,
  });
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: { ...t.headers('admin'), ...headers }, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp();
    ({ datasetId } = await seedVirtualDataset(t, { uri: 'duckdb://', backend: 'duckdb', sql: SQL, columns: [['id', 'BIGINT'], ['grp', 'BIGINT'], ['label', 'VARCHAR']] }));
  });
  afterAll(async () => {
    await closeAllConnections();
    await t.close();
  });

  it.each(['records', 'columns'] as const)('serves a %s hit as the stored bytes, without JSON serialisation', async (layout) => {
    const miss = await post(body(layout, { force: true }));
    expect(miss.statusCode).toBe(200);
    const cacheKey: string = miss.json().result[0].cache_key;
    const stored = decodeStoredResult((await t.ctx.cache.get(cacheKey))!);
    expect(stored).not.toBeNull();
    // Tamper with the stored entry: a hit that re-encoded anything could not answer these exact bytes.
    const marked = Buffer.from(stored!.bytes.toString().replace(`"rowcount":${ROWS}`, '"rowcount":424242'));
    await t.ctx.cache.set(cacheKey, encodeStoredResult(marked, stored!.writtenAt), 0);

    const stringify = vi.spyOn(JSON, 'stringify');
    const hit = await post(body(layout));
    const serialisedSizes = stringify.mock.results.map((r) => (typeof r.value === 'string' ? r.value.length : 0));
    stringify.mockRestore();
    expect(hit.statusCode).toBe(200);
    expect(hit.rawPayload.equals(Buffer.concat([Buffer.from('{"result":['), marked, Buffer.from(']}')]))).toBe(true);
    expect(hit.json().result[0]).toMatchObject({ is_cached: true, rowcount: 424242 });
    expect(hit.json().result[0].cached_dttm).toBe(hit.json().result[0].cached_at);
    // Small JSON (the cache key, the request) is fine; nothing the size of the rows went through JSON.stringify.
    expect(Math.max(0, ...serialisedSizes)).toBeLessThan(10_000);
  });

  it('tags each answer with a strong ETag and answers 304 without a body when If-None-Match names it', async () => {
    await post(body('records', { force: true }));
    const hit = await post(body('records'));
    const etag = hit.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect((await post(body('records'))).headers.etag).toBe(etag);
    const notModified = await post(body('records'), { 'if-none-match': `"other", ${etag}` });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect((await post(body('records'), { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // Another layout is another answer, with another tag.
    await post(body('columns', { force: true }));
    expect((await post(body('columns'), { 'if-none-match': etag })).statusCode).toBe(200);
    // A refresh changes the answer (is_cached, cached_dttm), so the old tag no longer matches.
    const refreshed = await post(body('records', { force: true }), { 'if-none-match': etag });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers.etag).not.toBe(etag);
  });

  it('answers 304 for a saved chart too (GET /api/v1/chart/{id}/data/)', async () => {
    const context = JSON.stringify(body('columns'));
    const slice = await t.ctx.store.db
      .insertInto('slices')
      .values({ uuid: `s-${Math.random()}`, slice_name: 'etag', viz_type: 'table', datasource_id: datasetId, datasource_type: 'table', params: '{}', query_context: context, created_on: nowIso(), changed_on: nowIso() } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = `/api/v1/chart/${slice.id}/data/`;
    await t.app.inject({ method: 'GET', url: `${url}?force=true`, headers: t.headers('admin') });
    const first = await t.app.inject({ method: 'GET', url, headers: t.headers('admin') });
    expect(first.json().result[0].is_cached).toBe(true);
    const again = await t.app.inject({ method: 'GET', url, headers: { ...t.headers('admin'), 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('compresses as negotiated and keeps one compressed copy of a cached answer per encoding', async () => {
    const fresh = await post(body('records', { force: true }), { 'accept-encoding': 'gzip' });
    expect(fresh.headers['content-encoding']).toBe('gzip');
    expect(String(fresh.headers.vary)).toMatch(/accept-encoding/i);
    const plain = await post(body('records'));
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await post(body('records'), { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gz = await post(body('records'), { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    // A client holding the brotli form revalidates with its tag and gets 304 as well.
    expect((await post(body('records'), { 'if-none-match': br.headers.etag as string })).statusCode).toBe(304);

    // The stored copy is what a hit sends: replace it and the next hit answers the replacement.
    const hash = (plain.headers.etag as string).slice(1, -1);
    const replacement = brotliCompressSync(Buffer.from('{"result":["stored copy"]}'));
    await t.ctx.cache.set(`compressed:br:${hash}`, encodeCompressedCopy({ bytes: replacement, effort: 'best' }), 0);
    const again = await post(body('records'), { 'accept-encoding': 'br' });
    expect(again.rawPayload.equals(replacement)).toBe(true);
  });

  it('streams a fresh answer compressed, which decompresses to the answer an identity client gets', async () => {
    const identity = await post(body('columns', { force: true }), { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    const compressed = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [encoding, decompress] of Object.entries(compressed)) {
      const fresh = await post(body('columns', { force: true }), { 'accept-encoding': encoding });
      expect(fresh.headers['content-encoding']).toBe(encoding);
      expect(fresh.headers.etag).toMatch(new RegExp(`-${encoding}"$`));
      const text = decompress(fresh.rawPayload).toString();
      // Two runs differ only in when they ran (cached_at); everything else is byte for byte the same.
      expect(text.replace(/"cached_at":"[^"]+"/, '')).toBe(identity.rawPayload.toString().replace(/"cached_at":"[^"]+"/, ''));
      expect(JSON.parse(text).result[0]).toMatchObject({ is_cached: false, rowcount: ROWS });
    }
    const none = await post(body('columns'), {});
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json().result[0].is_cached).toBe(true);
  });

  it('writes the well-compressed copy of a cached answer over the fast one, and later hits send it', async () => {
    await post(body('records', { force: true }));
    const plain = await post(body('records'), { 'accept-encoding': 'identity' });
    const key = compressedCopyKey('br', (plain.headers.etag as string).slice(1, -1));
    const first = await post(body('records'), { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(first.rawPayload).equals(plain.rawPayload)).toBe(true);
    await compressedCopiesOf(t.ctx.cache, 0, t.ctx.logger).idle();
    const stored = decodeCompressedCopy((await t.ctx.cache.get(key))!);
    expect(stored?.effort).toBe('best');
    expect(stored!.bytes.length).toBeLessThan(first.rawPayload.length);
    const later = await post(body('records'), { 'accept-encoding': 'br' });
    expect(later.rawPayload.equals(stored!.bytes)).toBe(true);
    expect(later.headers.etag).toBe(first.headers.etag);
    expect(brotliDecompressSync(later.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('leaves answers below the compression threshold uncompressed', async () => {
    const small = { datasource: { id: datasetId, type: 'table' }, queries: [{ columns: [], metrics: ['count'] }] };
    const res = await post(small, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(t.config.compressionThreshold);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.json().result[0].data).toEqual([{ count: ROWS }]);
  });
});
