import { limitExceeded, type ParseLimits } from './parse-limits';

/** Entries smaller than this are never refused for their ratio: a short repetitive file compresses well. */
const RATIO_FLOOR_BYTES = 1024 * 1024;

/**
 * The refusal of a ZIP entry whose declared size is too many times its compressed size (a zip bomb
 * reaches about 1000; YAML exports and spreadsheet XML stay under 50), or null. Judged from the central
 * directory, before anything is inflated.
 *
 * @example
 * const problem = compressionRatioProblem('xl/worksheets/sheet1.xml', 1_000, 5_000_000_000, limits);
 */
export function compressionRatioProblem(name: string, compressedSize: number, originalSize: number, limits: ParseLimits): Error | null {
  const ratio = originalSize / Math.max(1, compressedSize);
  if (originalSize <= RATIO_FLOOR_BYTES || ratio <= limits.maxCompressionRatio) return null;
  return limitExceeded('maxCompressionRatio', limits, name, `expands ${Math.round(ratio)} times when uncompressed (a zip bomb)`);
}
