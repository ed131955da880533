import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { badRequest } from '../errors';
import { DEFAULT_PARSE_LIMITS, limitExceeded, type ParseLimits } from '../parse-worker/parse-limits';
import { compressionRatioProblem } from '../parse-worker/zip-ratio';

/**
 * Reading and writing bundle archives. An uploaded archive is untrusted: every limit (parse-limits.ts) is
 * checked from the ZIP's central directory (fflate's filter sees each entry's declared and compressed
 * sizes) before anything is inflated, and fflate inflates into a buffer of exactly the declared size, so
 * a header that lies cannot make an entry grow past what was checked. A zip bomb is refused by its
 * declared size or its compression ratio without inflating a byte.
 */

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
 * Drops the root folder every export has (`dashboard_export_20240101T000000/`); an archive whose
 * metadata.yaml sits at the top keeps its paths as they are. A ZIP merged from several exports has several
 * root folders, and the same path (metadata.yaml, a shared database or dataset) under more than one: as
 * the incumbent's importer, the later entry wins, so the duplicates collapse into one bundle.
 */
function stripRoot(names: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const atTop = names.includes('metadata.yaml');
  for (const name of names) {
    const relative = atTop ? name : name.includes('/') ? name.slice(name.indexOf('/') + 1) : name;
    out.delete(relative);
    out.set(relative, name);
  }
  return out;
}

/** The first limit an entry breaks, judged from the central directory alone, or null. */
function entryProblem(file: { name: string; size: number; originalSize: number }, limits: ParseLimits): Error | null {
  const unsafe = unsafePathReason(file.name);
  if (unsafe) return badRequest(`Bundle entry '${file.name}' ${unsafe}`);
  if (file.originalSize > limits.maxFileBytes) {
    return limitExceeded('maxFileBytes', limits, file.name, `is larger than ${limits.maxFileBytes / 1024 / 1024} MB uncompressed`);
  }
  return compressionRatioProblem(file.name, file.size, file.originalSize, limits);
}

function unzipBundle(data: Uint8Array, limits: ParseLimits): BundleFiles {
  let entries = 0;
  let total = 0;
  // Assigned in fflate's callback, which TypeScript's narrowing does not follow.
  let problem = null as Error | null;
  let raw: Record<string, Uint8Array>;
  try {
    raw = unzipSync(data, {
      filter(file) {
        if (problem) return false;
        entries += 1;
        total += file.originalSize;
        if (entries > limits.maxFiles) problem = limitExceeded('maxFiles', limits, null, `has more than ${limits.maxFiles} files`);
        else if (total > limits.maxTotalBytes) problem = limitExceeded('maxTotalBytes', limits, null, `is larger than ${limits.maxTotalBytes / 1024 / 1024} MB uncompressed`);
        else problem = entryProblem(file, limits);
        // Once anything is wrong, inflate nothing more: the answer is a 400 whatever the rest holds.
        return !problem && !file.name.endsWith('/') && !isJunk(file.name) && CONFIG_FILE.test(file.name);
      },
    });
  } catch (error) {
    throw badRequest(`Not a valid ZIP file: ${(error as Error).message}`);
  }
  if (problem) throw problem;
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
export function readBundle(data: Uint8Array, filename: string, limits: ParseLimits = DEFAULT_PARSE_LIMITS): { files: BundleFiles; single: boolean } {
  if (data.length === 0) throw badRequest('The uploaded file is empty');
  if (isZip(data)) return { files: unzipBundle(data, limits), single: false };
  if (SINGLE_FILE.test(filename)) {
    if (data.length > limits.maxFileBytes) throw limitExceeded('maxFileBytes', limits, filename, `is larger than ${limits.maxFileBytes / 1024 / 1024} MB`);
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
