import { type DuckDBDataChunk, type DuckDBResult, type DuckDBType, DuckDBTypeId, type DuckDBValue, type DuckDBVector, JSDuckDBValueConverter } from '@duckdb/node-api';
import { convertTemporal, plainValue } from './common';
import type { ExecuteOptions } from './types';

/**
 * DuckDB results read column by column straight from the engine's chunks, for chart data (issue 18). The
 * row path (getRowsJS, then normaliseRows) builds a Date per timestamp and a bigint per BIGINT, then walks
 * every value again to make it plain; here each column gets one extractor chosen by its type that yields the
 * plain form at once. The values are exactly the row path's: the common types are converted here the way
 * JSDuckDBValueConverter + convertTemporal/plainValue would, and every other value (nested types, BLOBs,
 * intervals, UUIDs, out-of-range dates, temporal columns that are not dates) goes through those very
 * functions, one value at a time. duckdb-columns.test.ts checks the equivalence on random tables.
 */

/** Reads chunks until `maxRows` rows (all when undefined) or the end; the row path's readUntil, by hand. */
export async function readChunks(result: DuckDBResult, maxRows?: number): Promise<DuckDBDataChunk[]> {
  const chunks: DuckDBDataChunk[] = [];
  let rows = 0;
  while (maxRows === undefined || rows < maxRows) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    chunks.push(chunk);
    rows += chunk.rowCount;
  }
  return chunks;
}

/** The rows of the chunks, at most `maxRows`. */
export function rowCountOf(chunks: readonly DuckDBDataChunk[], maxRows?: number): number {
  const total = chunks.reduce((sum, chunk) => sum + chunk.rowCount, 0);
  return maxRows === undefined ? total : Math.min(total, maxRows);
}

/** Writes one chunk's column into `out` from `offset`, `count` values. */
type Extractor = (vector: DuckDBVector, out: unknown[], offset: number, count: number) => void;

/** One item through the JS converter, made plain as normaliseRows does it (the row path exactly). */
function viaConverter(item: DuckDBValue, type: DuckDBType, temporal: boolean, temporalAs: ExecuteOptions['temporalAs']): unknown {
  const value = JSDuckDBValueConverter(item, type, JSDuckDBValueConverter);
  return temporal ? convertTemporal(value, temporalAs) : plainValue(value);
}

function genericExtractor(temporal: boolean, temporalAs: ExecuteOptions['temporalAs']): Extractor {
  return (vector, out, offset, count) => {
    const type = vector.type;
    for (let r = 0; r < count; r++) out[offset + r] = viaConverter(vector.getItem(r), type, temporal, temporalAs);
  };
}

/** Numbers, strings and booleans that the JS converter and plainValue leave as they are. */
const asIs: Extractor = (vector, out, offset, count) => {
  for (let r = 0; r < count; r++) out[offset + r] = vector.getItem(r);
};

/** 64- and 128-bit integers: plainValue's Number(bigint). */
const bigintAsNumber: Extractor = (vector, out, offset, count) => {
  for (let r = 0; r < count; r++) {
    const item = vector.getItem(r) as bigint | null;
    out[offset + r] = item === null ? null : Number(item);
  }
};

/** DECIMAL: the JS converter's toDouble(). */
const decimalAsNumber: Extractor = (vector, out, offset, count) => {
  for (let r = 0; r < count; r++) {
    const item = vector.getItem(r) as { toDouble(): number } | null;
    out[offset + r] = item === null ? null : item.toDouble();
  }
};

/** The JS converter's range for a Date; values outside it go through the converter, which refuses them. */
const MAX_DATE_MILLIS = 8_640_000_000_000_000n;
const MAX_DATE_DAYS = 100_000_000;
const MILLIS_PER_DAY = 86_400_000;

/**
 * TIMESTAMP / TIMESTAMPTZ (microseconds) and DATE (days) as epoch ms or ISO text, without a Date object in
 * between for epoch ms: the same number Date#getTime() gives for the converter's Date.
 */
function instantExtractor(unit: 'micros' | 'days', temporalAs: ExecuteOptions['temporalAs']): Extractor {
  const iso = temporalAs === 'iso';
  return (vector, out, offset, count) => {
    for (let r = 0; r < count; r++) {
      const item = vector.getItem(r) as { micros: bigint } | { days: number } | null;
      if (item === null) {
        out[offset + r] = null;
        continue;
      }
      let ms: number;
      if (unit === 'micros') {
        const millis = (item as { micros: bigint }).micros / 1000n;
        if (millis < -MAX_DATE_MILLIS || millis > MAX_DATE_MILLIS) {
          out[offset + r] = viaConverter(item as DuckDBValue, vector.type, true, temporalAs);
          continue;
        }
        ms = Number(millis);
      } else {
        const days = (item as { days: number }).days;
        if (days < -MAX_DATE_DAYS || days > MAX_DATE_DAYS) {
          out[offset + r] = viaConverter(item as DuckDBValue, vector.type, true, temporalAs);
          continue;
        }
        ms = days * MILLIS_PER_DAY;
      }
      out[offset + r] = iso ? new Date(ms).toISOString() : ms;
    }
  };
}

/** The extractor for one column, by its DuckDB type and whether the result treats it as temporal. */
export function extractorFor(typeId: DuckDBTypeId, temporal: boolean, temporalAs: ExecuteOptions['temporalAs']): Extractor {
  if (temporal) {
    if (typeId === DuckDBTypeId.TIMESTAMP || typeId === DuckDBTypeId.TIMESTAMP_TZ) return instantExtractor('micros', temporalAs);
    if (typeId === DuckDBTypeId.DATE) return instantExtractor('days', temporalAs);
    return genericExtractor(true, temporalAs);
  }
  switch (typeId) {
    case DuckDBTypeId.BOOLEAN:
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
    case DuckDBTypeId.VARCHAR:
      return asIs;
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
      return bigintAsNumber;
    case DuckDBTypeId.DECIMAL:
      return decimalAsNumber;
    default:
      return genericExtractor(false, temporalAs);
  }
}

/**
 * One array per column holding at most `maxRows` plain values; `temporal[i]` says whether column i is
 * converted as a temporal value (its type is a date/time with a date, or the query named it temporal).
 * A value the row path refuses fails here too, with the row path's error (see rowPathError).
 */
export function columnsFromChunks(chunks: readonly DuckDBDataChunk[], typeIds: readonly DuckDBTypeId[], temporal: readonly boolean[], options: ExecuteOptions): unknown[][] {
  try {
    const values = typeIds.map((typeId, c) => extractColumn(chunks, c, extractorFor(typeId, temporal[c] === true, options.temporalAs), rowCountOf(chunks, options.maxRows)));
    convertRowsPastCap(chunks, rowCountOf(chunks, options.maxRows));
    return values;
  } catch (error) {
    throw rowPathError(chunks, temporal, options) ?? error;
  }
}

function extractColumn(chunks: readonly DuckDBDataChunk[], c: number, extract: Extractor, rowCount: number): unknown[] {
  const out = new Array<unknown>(rowCount);
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= rowCount) break;
    const count = Math.min(chunk.rowCount, rowCount - offset);
    extract(chunk.getColumnVector(c), out, offset, count);
    offset += count;
  }
  return out;
}

/** Calls `visit` with each item of the chunks in row-major order, the row path's order, up to `rowLimit` rows. */
function visitRowMajor(chunks: readonly DuckDBDataChunk[], visit: (item: DuckDBValue, type: DuckDBType, column: number) => void, fromRow = 0, rowLimit = Infinity): void {
  let first = 0;
  for (const chunk of chunks) {
    const vectors = Array.from({ length: chunk.columnCount }, (_, c) => chunk.getColumnVector(c));
    for (let r = Math.max(0, fromRow - first); r < chunk.rowCount && first + r < rowLimit; r++) {
      for (let c = 0; c < vectors.length; c++) visit(vectors[c]!.getItem(r), vectors[c]!.type, c);
    }
    first += chunk.rowCount;
  }
}

/**
 * The row path converts every row read (the last chunk can go past maxRows) before it cuts them, so a value
 * it cannot convert there fails the query: so here.
 */
function convertRowsPastCap(chunks: readonly DuckDBDataChunk[], rowCount: number): void {
  visitRowMajor(chunks, (item, type) => JSDuckDBValueConverter(item, type, JSDuckDBValueConverter), rowCount);
}

/**
 * The error the row path raises on these chunks, or null: the first value, row by row, that the JS converter
 * refuses (all rows read), else the first the temporal conversion refuses (rows kept). Only run once this
 * path failed, so a result with several bad values names the same one either way.
 */
function rowPathError(chunks: readonly DuckDBDataChunk[], temporal: readonly boolean[], options: ExecuteOptions): unknown {
  try {
    convertRowsPastCap(chunks, 0);
    visitRowMajor(chunks, (item, type, c) => viaConverter(item, type, temporal[c] === true, options.temporalAs), 0, rowCountOf(chunks, options.maxRows));
    return null;
  } catch (error) {
    return error;
  }
}
