import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { badRequest } from '../errors';

/**
 * Reading and writing bundle archives. An uploaded archive is untrusted: every limit is checked from the
 * ZIP's central directory (fflate's filter sees each entry's declared size) before anything is inflated,
 * and fflate inflates into a buffer of exactly the declared size, so a header that lies cannot make an
 * entry grow past what was checked.
 */
export const BUNDLE_LIMITS = {
  maxEntries: 2000,
  maxEntryBytes: 50 * 1024 * 1024,
  maxTotalBytes: 200 * 1024 * 1024,
} as const;

/** Bundle files by path relative to the bundle root (`metadata.yaml`, `charts/x.yaml`), as text. */
export type BundleFiles = Map<string, string>;

const CONFIG_FILE = /\.(ya?ml)$/i;
const SINGLE_FILE = /\.(ya?ml|json)$/i;

const isZip = (data: Uint8Array): boolean =>
  data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && ((data[2] === 3 && data[3] === 4) || (data[2] === 5 && data[3] === 6));

/** Why an entry name is unsafe to use as a path, or null. Zip slip: '..', absolute paths, backslashes, drives. */
export function unsafePathReason(name: string): string | null {
  if (name.includes('\\')) return 'contains a backslash';
  if (name.includes('\0')) return 'contains a NUL byte';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'is an absolute path';
  if (name.split('/').some((segment) => segment === '..')) return "contains '..'";
  return null;
}

/** Files the incumbent's exporters never produce and its importer skips (Finder and Windows debris). */
const isJunk = (name: string): boolean => name.startsWith('__MACOSX/') || /(^|\/)(\.DS_Store|Thumbs\.db)$/.test(name);

/**
 * Drops the one root folder every export has (`dashboard_export_20240101T000000/`); an archive whose
 * metadata.yaml sits at the top keeps its paths as they are.
 */
function stripRoot(names: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const atTop = names.includes('metadata.yaml');
  for (const name of names) {
    const relative = atTop ? name : name.includes('/') ? name.slice(name.indexOf('/') + 1) : name;
    if (out.has(relative)) throw badRequest(`Bundle has two files named ${relative}`);
    out.set(relative, name);
  }
  return out;
}

function unzipBundle(data: Uint8Array): BundleFiles {
  let entries = 0;
  let total = 0;
  const problems: string[] = [];
  let raw: Record<string, Uint8Array>;
  try {
    raw = unzipSync(data, {
      filter(file) {
        entries += 1;
        if (entries === BUNDLE_LIMITS.maxEntries + 1) problems.push(`Bundle has more than ${BUNDLE_LIMITS.maxEntries} entries`);
        const unsafe = unsafePathReason(file.name);
        if (unsafe) problems.push(`Bundle entry '${file.name}' ${unsafe}`);
        if (file.originalSize > BUNDLE_LIMITS.maxEntryBytes) {
          problems.push(`Bundle entry '${file.name}' is larger than ${BUNDLE_LIMITS.maxEntryBytes / 1024 / 1024} MB uncompressed`);
        }
        total += file.originalSize;
        const wanted = !file.name.endsWith('/') && !isJunk(file.name) && CONFIG_FILE.test(file.name);
        // Once anything is wrong, inflate nothing more: the answer is a 400 whatever the rest holds.
        return wanted && problems.length === 0 && total <= BUNDLE_LIMITS.maxTotalBytes && entries <= BUNDLE_LIMITS.maxEntries;
      },
    });
  } catch (error) {
    throw badRequest(`Not a valid ZIP file: ${(error as Error).message}`);
  }
  if (total > BUNDLE_LIMITS.maxTotalBytes && problems.length === 0) {
    problems.push(`Bundle is larger than ${BUNDLE_LIMITS.maxTotalBytes / 1024 / 1024} MB uncompressed`);
  }
  if (problems.length) throw badRequest(problems.slice(0, 5).join('; '), { problems });
  const roots = stripRoot(Object.keys(raw));
  const files: BundleFiles = new Map();
  for (const [relative, name] of roots) files.set(relative, decodeText(raw[name]!, name));
  return files;
}

function decodeText(bytes: Uint8Array, name: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(`Bundle file ${name} is not UTF-8 text`);
  }
}

/**
 * Turns an upload into bundle files: a ZIP export, or one YAML/JSON document (returned under the name
 * `single`, for the importer to place by its keys). 400 naming the problem otherwise.
 *
 * @example
 * const files = readBundle(buffer, 'dashboard_export.zip'); // Map { 'metadata.yaml' => '...', ... }
 */
export function readBundle(data: Uint8Array, filename: string): { files: BundleFiles; single: boolean } {
  if (data.length === 0) throw badRequest('The uploaded file is empty');
  if (isZip(data)) return { files: unzipBundle(data), single: false };
  if (SINGLE_FILE.test(filename)) {
    if (data.length > BUNDLE_LIMITS.maxEntryBytes) throw badRequest(`File is larger than ${BUNDLE_LIMITS.maxEntryBytes / 1024 / 1024} MB`);
    return { files: new Map([['single', decodeText(data, filename)]]), single: true };
  }
  throw badRequest('Not a ZIP file: upload an exported .zip bundle or a single .yaml, .yml or .json file');
}

/**
 * Zips bundle files under one root folder.
 *
 * @example
 * const zip = writeBundle('chart_export_20240101T000000', new Map([['metadata.yaml', 'version: 1.0.0\n']]));
 */
export function writeBundle(root: string, files: BundleFiles): Uint8Array {
  const tree: Zippable = {};
  for (const [path, text] of files) tree[`${root}/${path}`] = strToU8(text);
  return zipSync(tree, { level: 6 });
}

/** Reads a zip we wrote (tests and tools); no limits, trusted input. */
export function listBundle(zip: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(zip)).map(([name, bytes]) => [name, strFromU8(bytes)]));
}
