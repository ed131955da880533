import { createHash } from 'node:crypto';

/**
 * How a chart-data result sits in the cache: one header line, then the per-query JSON exactly as a cache hit
 * answers it (is_cached true, cached_dttm set when it was written). A hit therefore sends these bytes as they
 * are: no decoding, no string edits, no JSON work, and the ETag comes from the digest written beside them.
 *
 *   LUMEN1 <sha-256 of the JSON, base64url> <written at, ms since the epoch>\n<JSON>
 *
 * Entries without this header (written by an older version) read as missing and are simply computed again.
 */
const MAGIC = 'LUMEN1 ';
/** The header is short; looking for its end further than this means the entry is not ours. */
const MAX_HEADER_BYTES = 128;

export interface StoredResult {
  /** The per-query JSON as a hit serves it (a view into the cached buffer, not a copy). */
  bytes: Buffer;
  /** Digest of `bytes`: the part of the response's ETag that belongs to this query. */
  digest: string;
  /** When the entry was written: a force refresh waits for an entry newer than its own request. */
  writtenAt: number;
}

/** sha-256 of a result's JSON, base64url (an ETag may hold it without quoting trouble). */
export function digestOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('base64url');
}

/**
 * The digest of the fresh answer (is_cached false, cached_dttm null) written together with a stored entry:
 * those bytes follow from the stored ones, so a digest of the stored digest names them as surely, without
 * hashing the rows a second time on the uncached path.
 */
export function freshDigestOf(storedDigest: string): string {
  return createHash('sha256').update(`fresh:${storedDigest}`).digest('base64url');
}

/** The cache entry for a result's hit-form JSON (`digest`: digestOf(bytes), when the caller has it already). */
export function encodeStoredResult(bytes: Buffer, writtenAt: number, digest: string = digestOf(bytes)): Buffer {
  return Buffer.concat([Buffer.from(`${MAGIC}${digest} ${writtenAt}\n`), bytes]);
}

/** Length of a sha-256 digest in base64url (32 bytes, unpadded). */
const DIGEST_CHARS = 43;

/**
 * The cache entry for a result whose hit-form JSON is the concatenation of `pieces`, written straight into
 * the entry: one buffer for the whole answer, with no intermediate UTF-8 copy of it (each large buffer
 * allocated costs milliseconds per megabyte). `stored.bytes` is a view into `entry`.
 */
export function storedResultFromText(pieces: string[], writtenAt: number): { entry: Buffer; stored: StoredResult } {
  const headerBytes = MAGIC.length + DIGEST_CHARS + 1 + String(writtenAt).length + 1;
  let size = headerBytes;
  for (const piece of pieces) size += Buffer.byteLength(piece);
  const entry = Buffer.allocUnsafe(size);
  let offset = headerBytes;
  for (const piece of pieces) offset += entry.write(piece, offset);
  const bytes = entry.subarray(headerBytes);
  const digest = digestOf(bytes);
  entry.write(`${MAGIC}${digest} ${writtenAt}\n`, 0, 'latin1');
  return { entry, stored: { bytes, digest, writtenAt } };
}

/** The result in a cache entry, or null when the entry is not in this format. */
export function decodeStoredResult(entry: Buffer): StoredResult | null {
  if (entry.toString('latin1', 0, MAGIC.length) !== MAGIC) return null;
  const end = entry.indexOf(10, MAGIC.length);
  if (end < 0 || end > MAX_HEADER_BYTES) return null;
  const [digest, written] = entry.toString('latin1', MAGIC.length, end).split(' ');
  const writtenAt = Number(written);
  if (!digest || !Number.isFinite(writtenAt)) return null;
  return { bytes: entry.subarray(end + 1), digest, writtenAt };
}
