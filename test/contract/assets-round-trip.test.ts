import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBundle } from '../../packages/server/src/import-export/bundle-archive';
import { multipart } from '../../packages/server/src/import-export/test-support';
import { createTestApp, type TestApp } from '../../packages/server/src/testing';
import { diffDocuments, type IdMap, idMapOf, yaml11Misreadings } from './bundle-diff';
import { type ContractContext, openContractContext } from './contract-fixture';

/**
 * Export every example asset, import the bundle into an empty Lumen, export again: the two bundles are the
 * same once ids are mapped (uuids name assets across installations), label keys and booleans included, and
 * neither holds a scalar a YAML 1.1 reader (the incumbent's importer) would read otherwise (issue 19).
 */
async function exportAll(t: TestApp): Promise<Record<string, string>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/assets/export/', headers: t.headers('admin') });
  if (res.statusCode !== 200) throw new Error(`assets export answered ${res.statusCode} ${res.body}`);
  const entries = listBundle(new Uint8Array(res.rawPayload));
  // Paths without the root folder, whose name carries the export's time.
  return Object.fromEntries(Object.entries(entries).map(([path, text]) => [path.slice(path.indexOf('/') + 1), text]));
}

/** Every exported kind's `[uuid, id]` rows, so ids in one installation map to the other's. */
async function uuidsAndIds(t: TestApp): Promise<[string, number][]> {
  const db = t.ctx.store.db;
  const rows = await Promise.all(
    (['dbs', 'tables', 'slices', 'dashboards', 'saved_query'] as const).map((table) => db.selectFrom(table).select(['uuid', 'id']).execute()),
  );
  return rows.flat().map((r) => [String(r.uuid), Number(r.id)]);
}

/** Files named after an id (`charts/Births_12.yaml`) are paired by the uuid inside them. */
function byUuid(files: Record<string, string>): Map<string, { path: string; doc: Record<string, unknown> }> {
  const out = new Map<string, { path: string; doc: Record<string, unknown> }>();
  for (const [path, text] of Object.entries(files)) {
    const doc = parse(text) as Record<string, unknown>;
    out.set(typeof doc.uuid === 'string' ? doc.uuid : path, { path, doc });
  }
  return out;
}

describe('assets export -> import into an empty Lumen -> export', () => {
  let source: ContractContext;
  let target: TestApp;
  let first: Record<string, string>;
  let second: Record<string, string>;
  let ids: IdMap;

  beforeAll(async () => {
    source = await openContractContext();
    target = await createTestApp();
    first = await exportAll(source.t);
    const zip = (await source.t.app.inject({ method: 'GET', url: '/api/v1/assets/export/', headers: source.t.headers('admin') })).rawPayload;
    const body = multipart({ file: new Uint8Array(zip), field: 'bundle', filename: 'assets.zip' });
    const imported = await target.app.inject({ method: 'POST', url: '/api/v1/assets/import/', payload: body.payload, headers: { ...target.headers('admin'), ...body.headers } });
    if (imported.statusCode !== 200) throw new Error(`assets import answered ${imported.statusCode} ${imported.body.slice(0, 2000)}`);
    second = await exportAll(target);
    ids = idMapOf(await uuidsAndIds(source.t), await uuidsAndIds(target));
  }, 240_000);
  afterAll(async () => {
    await target?.close();
    await source?.close();
  });

  it('exports every example asset', () => {
    const kinds = (files: Record<string, string>) => Object.keys(files).map((p) => p.split('/')[0]);
    expect(new Set(kinds(first))).toEqual(new Set(['metadata.yaml', 'databases', 'datasets', 'charts', 'dashboards', 'queries']));
    expect(kinds(first).filter((k) => k === 'charts').length).toBeGreaterThan(100);
  });

  it('exports the same files again, the same after id mapping', () => {
    const [a, b] = [byUuid(first), byUuid(second)];
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    const differences: string[] = [];
    for (const [key, { path, doc }] of a) {
      const other = b.get(key)!.doc;
      // The export's own time is all metadata.yaml may change.
      const [x, y] = path === 'metadata.yaml' ? [{ ...doc, timestamp: null }, { ...other, timestamp: null }] : [doc, other];
      differences.push(...diffDocuments(x, y, ids).map((d) => `${path}${d}`));
    }
    expect(differences).toEqual([]);
  });

  it('writes nothing a YAML 1.1 reader reads otherwise (label keys such as No and Yes stay strings)', () => {
    const misread = [first, second].flatMap((files) => Object.entries(files).flatMap(([path, text]) => yaml11Misreadings(text).map((d) => `${path}${d}`)));
    expect(misread).toEqual([]);
    // The examples do hold such keys: this check is not vacuous.
    expect(Object.values(first).some((text) => /"(No|Yes|True|False|on|off)"/.test(text))).toBe(true);
  });
});
