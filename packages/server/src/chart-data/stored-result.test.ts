import { describe, expect, it } from 'vitest';
import { decodeStoredResult, digestOf, encodeStoredResult, storedResultFromText } from './stored-result';

describe('stored chart-data results', () => {
  it('writes text pieces straight into an entry that reads back as their concatenation', () => {
    const pieces = ['{"cache_key":"k","is_cached":true,', '"data":', '[{"city":"Zürich","n":1},{"city":"東京","n":2}]', ',"cached_at":"2026-01-01T00:00:00.000Z"}'];
    const json = Buffer.from(pieces.join(''));
    const { entry, stored } = storedResultFromText(pieces, 1767225600000);
    expect(stored.bytes.equals(json)).toBe(true);
    expect(stored.digest).toBe(digestOf(json));
    expect(decodeStoredResult(entry)).toEqual({ bytes: json, digest: digestOf(json), writtenAt: 1767225600000 });
    expect(entry.equals(encodeStoredResult(json, 1767225600000))).toBe(true);
  });

  it('reads entries in another format as missing', () => {
    expect(decodeStoredResult(Buffer.from('{"data":[]}'))).toBeNull();
    expect(decodeStoredResult(Buffer.from('LUMEN1 digest-without-time\n{}'))).toBeNull();
  });
});
