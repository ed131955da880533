/** Where the bullet's band and axis sit in the card: pure numbers, tested without a DOM. */

export interface BulletGeometry {
  left: number;
  right: number;
  /** Top and height of the band the ranges fill. */
  top: number;
  band: number;
  /** Baseline of the tick labels. */
  tickY: number;
}

const AXIS = 22;
/** The band of the incumbent's bullet is a slim bar; a tall card does not make it a block. */
const MAX_BAND = 60;

/**
 * @example
 * bulletGeometry(400, 120); // { left: 12, right: 388, top: 19, band: 60, tickY: 97 }
 */
export function bulletGeometry(width: number, height: number): BulletGeometry {
  const band = Math.max(12, Math.min(MAX_BAND, height - AXIS - 16));
  const top = Math.max(4, Math.round((height - band - AXIS) / 2));
  // Room on both sides for half a tick label under the scale's ends.
  return { left: 12, right: Math.max(24, width - 12), top, band, tickY: top + band + 18 };
}
