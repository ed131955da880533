/**
 * Decoding of Google's encoded polyline format (precision 5), the incumbent's 'polyline' line_type. No
 * polyline package is installed; the format is a varint of zig-zag deltas, a few lines.
 */

/**
 * The [longitude, latitude] points of an encoded polyline, or null when the text is not one.
 *
 * @example
 * decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@'); // [[-120.2, 38.5], [-120.95, 40.7], [-126.453, 43.252]]
 */
export function decodePolyline(encoded: string): Array<[number, number]> | null {
  const points: Array<[number, number]> = [];
  let index = 0;
  let lat = 0;
  let lon = 0;
  while (index < encoded.length) {
    const dLat = readDelta();
    const dLon = readDelta();
    if (dLat === null || dLon === null) return null;
    lat += dLat;
    lon += dLon;
    points.push([lon / 1e5, lat / 1e5]);
  }
  return points.length ? points : null;

  function readDelta(): number | null {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (index >= encoded.length) return null;
      const byte = encoded.charCodeAt(index++) - 63;
      if (byte < 0 || byte > 63) return null;
      result |= (byte & 0x1f) << shift;
      shift += 5;
      if (byte < 0x20) break;
    }
    return result & 1 ? ~(result >> 1) : result >> 1;
  }
}
