/**
 * Geohash decoding (base-32 interleaved longitude/latitude bisection). No geohash package is installed and
 * the algorithm is a dozen lines, so it lives here, tested against published cells.
 */

const BASE32 = '0123456789bcdefghjkmnpqrstuvwxyz';

/** A geohash cell: its bounds in degrees. */
export interface GeohashCell {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * The cell a geohash names, or null for an empty string or a character outside the geohash alphabet.
 *
 * @example
 * decodeGeohashCell('u4pruydqqvj'); // { west: 10.4074…, south: 57.6491…, east: 10.4074…, north: 57.6491… }
 */
export function decodeGeohashCell(hash: string): GeohashCell | null {
  const text = hash.trim().toLowerCase();
  if (!text) return null;
  const lon = [-180, 180];
  const lat = [-90, 90];
  let even = true;
  for (const char of text) {
    const bits = BASE32.indexOf(char);
    if (bits < 0) return null;
    for (let mask = 16; mask > 0; mask >>= 1) {
      const range = even ? lon : lat;
      const mid = (range[0] + range[1]) / 2;
      if (bits & mask) range[0] = mid;
      else range[1] = mid;
      even = !even;
    }
  }
  return { west: lon[0], south: lat[0], east: lon[1], north: lat[1] };
}

/**
 * The centre of a geohash cell as [longitude, latitude], or null when it is not a geohash.
 *
 * @example
 * decodeGeohash('ezs42'); // [-5.6030…, 42.6049…]
 */
export function decodeGeohash(hash: string): [number, number] | null {
  const cell = decodeGeohashCell(hash);
  return cell ? [(cell.west + cell.east) / 2, (cell.south + cell.north) / 2] : null;
}

/**
 * The outline of a geohash cell as a closed ring of [longitude, latitude] (the incumbent draws a geohash
 * line or polygon value as its cell's box).
 *
 * @example
 * geohashRing('ezs42').length; // 5
 */
export function geohashRing(hash: string): Array<[number, number]> | null {
  const c = decodeGeohashCell(hash);
  return c ? [[c.west, c.south], [c.east, c.south], [c.east, c.north], [c.west, c.north], [c.west, c.south]] : null;
}
