/** Memory formats: bytes with decimal (kB, MB: powers of 1000) or binary (KiB, MiB: powers of 1024) units. */

const DECIMAL_UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
const BINARY_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB'];

/** Options of formatMemory. */
export interface MemoryFormatOptions {
  binary?: boolean;
  /** Decimals kept (trailing zeros trimmed); default 2. */
  decimals?: number;
  /** Append '/s' (transfer rates). */
  transfer?: boolean;
}

/**
 * Formats a byte count.
 *
 * @example
 * formatMemory(1500);                   // '1.5 kB'
 * formatMemory(1536, { binary: true }); // '1.5 KiB'
 * formatMemory(512);                    // '512 B'
 */
export function formatMemory(bytes: number, options: MemoryFormatOptions = {}): string {
  if (!Number.isFinite(bytes)) return String(bytes);
  const units = options.binary ? BINARY_UNITS : DECIMAL_UNITS;
  const base = options.binary ? 1024 : 1000;
  const suffix = options.transfer ? '/s' : '';
  const abs = Math.abs(bytes);
  let i = 0;
  let scaled = abs;
  while (scaled >= base && i < units.length - 1) {
    scaled /= base;
    i += 1;
  }
  const sign = bytes < 0 ? '-' : '';
  const number = i === 0 ? String(Math.round(scaled)) : String(Number.parseFloat(scaled.toFixed(options.decimals ?? 2)));
  return `${sign}${number} ${units[i]}${suffix}`;
}
