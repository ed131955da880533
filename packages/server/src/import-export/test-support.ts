import { randomBytes } from 'node:crypto';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { parse } from 'yaml';
import { encodeRison } from '../rison';
import type { TestApp } from '../testing/harness';
import { listBundle } from './bundle-archive';

/** Helpers shared by the import/export tests (not part of the server's runtime). */
export interface Upload {
  file: Uint8Array;
  filename?: string;
  field?: string;
  fields?: Record<string, string>;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipart({ file, filename = 'bundle.zip', field = 'formData', fields = {} }: Upload) {
  const boundary = `----lumen${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
  chunks.push(Buffer.from(file));
  chunks.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function importVia(t: TestApp, resource: string, upload: Upload, as = 'admin') {
  const body = multipart(upload);
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/${resource}/import/`, payload: body.payload, headers: { ...t.headers(as), ...body.headers } });
  return { status: res.statusCode, body: res.json() as Record<string, any> };
}

export async function exportVia(t: TestApp, resource: string, ids: number[], as = 'admin') {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/${resource}/export/?q=${encodeURIComponent(encodeRison(ids))}`, headers: t.headers(as) });
  return { status: res.statusCode, headers: res.headers, zip: new Uint8Array(res.rawPayload), body: res.body };
}

/** Files of an exported zip, keyed by path without the root folder, parsed from YAML. */
export function exportedDocs(zip: Uint8Array): { root: string; docs: Record<string, any> } {
  const entries = listBundle(zip);
  const names = Object.keys(entries);
  const root = names[0]!.split('/')[0]!;
  const docs: Record<string, any> = {};
  for (const [name, text] of Object.entries(entries)) docs[name.slice(root.length + 1)] = parse(text);
  return { root, docs };
}

/** A zip of YAML texts under a root folder (or at paths exactly as given when `root` is null). */
export function zipOf(files: Record<string, string | Uint8Array>, root: string | null = 'bundle_export_20240101T000000'): Uint8Array {
  const tree: Zippable = {};
  for (const [path, content] of Object.entries(files)) tree[root ? `${root}/${path}` : path] = typeof content === 'string' ? strToU8(content) : content;
  return zipSync(tree);
}

/** Row counts of every table an import writes, to prove a refused import changed nothing. */
export async function storeCounts(t: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['dbs', 'tables', 'table_columns', 'sql_metrics', 'slices', 'slice_user', 'dashboards', 'dashboard_slices', 'saved_query'] as const) {
    out[table] = (await t.ctx.store.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  }
  return out;
}
