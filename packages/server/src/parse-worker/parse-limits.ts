import { badRequest, type LumenError } from '../errors';

/**
 * Limits on parsing untrusted files (import bundles, spreadsheets). Each one is named in the error that
 * refuses a file, with the environment variable that changes it, so an operator who meets a legitimate
 * file over a limit knows what to raise.
 *
 * Why these defaults: the yaml package parses dense structure at about 1 MB/s and checks duplicate keys
 * in O(n²), so every cost of a YAML file is bounded before the parser runs (size, keys, depth, aliases).
 * Real exports are far below them: a dataset of 1,000 columns is about 15,000 keys, a dashboard of
 * 200 charts nests 6 levels.
 */
export interface ParseLimits {
  /** Wall-clock time one parse may take in the worker before it is terminated. */
  timeoutMs: number;
  /** Heap of the worker thread; a file that needs more is refused. */
  memoryMb: number;
  /** Files in a bundle archive (entries of the ZIP's central directory). */
  maxFiles: number;
  /** Uncompressed size of one bundle file. */
  maxFileBytes: number;
  /** Uncompressed size of every bundle file together. */
  maxTotalBytes: number;
  /** Uncompressed/compressed size of one ZIP entry (checked for entries over 1 MB): zip bombs reach 1000. */
  maxCompressionRatio: number;
  /** Mapping keys plus sequence items of one YAML file, aliases expanded. */
  maxKeys: number;
  /** Nesting of mappings and sequences in one YAML file. */
  maxDepth: number;
  /** The yaml package's maxAliasCount: alias uses weighted by the aliases they contain ("billion laughs"). */
  maxAliases: number;
  /** Cells (rows × columns) of an Excel sheet or Parquet file. */
  maxCells: number;
}

/** Each limit's environment variable (sizes in MB, time in seconds), named by every refusal. */
export const LIMIT_VARIABLES: Record<keyof ParseLimits, string> = {
  timeoutMs: 'LUMEN_PARSE_TIMEOUT',
  memoryMb: 'LUMEN_PARSE_MEMORY_MB',
  maxFiles: 'LUMEN_IMPORT_MAX_FILES',
  maxFileBytes: 'LUMEN_IMPORT_MAX_FILE_MB',
  maxTotalBytes: 'LUMEN_IMPORT_MAX_TOTAL_MB',
  maxCompressionRatio: 'LUMEN_IMPORT_MAX_COMPRESSION_RATIO',
  maxKeys: 'LUMEN_IMPORT_MAX_KEYS',
  maxDepth: 'LUMEN_IMPORT_MAX_DEPTH',
  maxAliases: 'LUMEN_IMPORT_MAX_ALIASES',
  maxCells: 'LUMEN_UPLOAD_MAX_CELLS',
};

export const DEFAULT_PARSE_LIMITS: ParseLimits = {
  timeoutMs: 20_000,
  memoryMb: 512,
  maxFiles: 2000,
  maxFileBytes: 10 * 1024 * 1024,
  maxTotalBytes: 100 * 1024 * 1024,
  maxCompressionRatio: 200,
  maxKeys: 100_000,
  maxDepth: 64,
  maxAliases: 100,
  maxCells: 20_000_000,
};

/** "limit LUMEN_IMPORT_MAX_KEYS=100000", appended to every refusal. */
export function limitNote(name: keyof ParseLimits, limits: ParseLimits): string {
  const raw = limits[name];
  const shown = name === 'timeoutMs' ? raw / 1000 : name === 'maxFileBytes' || name === 'maxTotalBytes' ? raw / 1024 / 1024 : raw;
  return `limit ${LIMIT_VARIABLES[name]}=${shown}`;
}

/** The variable's value times `scale` (MB to bytes, s to ms), or the default, already in final units. */
function positive(env: NodeJS.ProcessEnv, name: string, fallback: number, scale = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${JSON.stringify(raw)}`);
  return Math.round(value * scale);
}

/**
 * The limits in force: the defaults, each overridable by its LUMEN_* variable (sizes in MB, time in
 * seconds). Read per request, so tests and operators can change them without a restart.
 *
 * @example
 * parseLimitsFrom({ LUMEN_PARSE_TIMEOUT: '5' }).timeoutMs; // 5000
 */
export function parseLimitsFrom(env: NodeJS.ProcessEnv = process.env): ParseLimits {
  const d = DEFAULT_PARSE_LIMITS;
  const mb = 1024 * 1024;
  const s = 1000;
  return {
    timeoutMs: positive(env, 'LUMEN_PARSE_TIMEOUT', d.timeoutMs, s),
    memoryMb: positive(env, 'LUMEN_PARSE_MEMORY_MB', d.memoryMb),
    maxFiles: positive(env, 'LUMEN_IMPORT_MAX_FILES', d.maxFiles),
    maxFileBytes: positive(env, 'LUMEN_IMPORT_MAX_FILE_MB', d.maxFileBytes, mb),
    maxTotalBytes: positive(env, 'LUMEN_IMPORT_MAX_TOTAL_MB', d.maxTotalBytes, mb),
    maxCompressionRatio: positive(env, 'LUMEN_IMPORT_MAX_COMPRESSION_RATIO', d.maxCompressionRatio),
    maxKeys: positive(env, 'LUMEN_IMPORT_MAX_KEYS', d.maxKeys),
    maxDepth: positive(env, 'LUMEN_IMPORT_MAX_DEPTH', d.maxDepth),
    maxAliases: positive(env, 'LUMEN_IMPORT_MAX_ALIASES', d.maxAliases),
    maxCells: positive(env, 'LUMEN_UPLOAD_MAX_CELLS', d.maxCells),
  };
}

/**
 * 400 refusing a file over a limit: the message names the file, the limit and its variable; `extra` carries
 * them for clients.
 *
 * @example
 * throw limitExceeded('maxDepth', limits, 'charts/a.yaml', 'nests deeper than 64 levels');
 */
export function limitExceeded(name: keyof ParseLimits, limits: ParseLimits, file: string | null, problem: string): LumenError {
  const subject = file === null ? 'The upload' : `File ${file}`;
  return badRequest(`${subject} ${problem} (${limitNote(name, limits)})`, { file, limit: LIMIT_VARIABLES[name], value: limits[name] });
}
