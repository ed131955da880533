/**
 * Explore's checks of the deck charts' object-valued controls (validators 'spatial' and 'viewport'): what
 * is missing or wrong in a spatial or viewport value, in words for the message under the control, so the
 * chart is not run with a value its transformProps would refuse.
 */
import { readViewport } from './viewport';

/**
 * The first problem of a spatial control value, or null when it is usable (an unset value is left to
 * nonEmpty).
 *
 * @example
 * spatialProblem({ type: 'latlong', lonCol: 'lon' }); // 'Pick the latitude column'
 */
export function spatialProblem(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const v = (typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const missing = (key: string) => typeof v[key] !== 'string' || v[key] === '';
  switch (v.type) {
    case 'latlong':
      if (missing('lonCol')) return 'Pick the longitude column';
      return missing('latCol') ? 'Pick the latitude column' : null;
    case 'delimited':
      return missing('lonlatCol') ? 'Pick the column holding "lat,lon" text' : null;
    case 'geohash':
      return missing('geohashCol') ? 'Pick the geohash column' : null;
    default:
      return 'Pick how the coordinates are stored: two columns, one delimited column or a geohash';
  }
}

/**
 * The first problem of a viewport value (a field that is not a number in its range), or null.
 *
 * @example
 * viewportProblem({ zoom: 30 }); // 'Zoom must be a number from 0 to 24'
 */
export function viewportProblem(value: unknown): string | null {
  try {
    readViewport(value);
    return null;
  } catch (error) {
    const message = (error as Error).message.replace(/^Viewport: /, '');
    return message.charAt(0).toUpperCase() + message.slice(1);
  }
}
