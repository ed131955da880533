import { describe, expect, it } from 'vitest';
import { colorRange, toRgba } from './colors';
import { decodeGeohash, decodeGeohashCell } from './geohash';
import { parseLines } from './line-geometry';
import { decodePolyline } from './polyline';
import { SkippedRows } from './skipped-rows';
import { requireSpatial, rowPoint, spatialColumns } from './spatial';
import { pointBounds, readViewport } from './viewport';

describe('deck shared', () => {
  it('geohash: decodes published cells, rejects characters outside the alphabet', () => {
    // Wikipedia's example: ezs42 is 42.6, -5.6.
    const [lon, lat] = decodeGeohash('ezs42')!;
    expect(lon).toBeCloseTo(-5.603, 2);
    expect(lat).toBeCloseTo(42.605, 2);
    // u4pruydqqvj: 57.64911, 10.40744 (the geohash.org example).
    const cell = decodeGeohashCell('u4pruydqqvj')!;
    expect((cell.south + cell.north) / 2).toBeCloseTo(57.64911, 4);
    expect((cell.west + cell.east) / 2).toBeCloseTo(10.40744, 4);
    expect(decodeGeohash('ailo')).toBeNull();
    expect(decodeGeohash('')).toBeNull();
  });

  it("polyline: decodes Google's documented example", () => {
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([[-120.2, 38.5], [-120.95, 40.7], [-126.453, 43.252]]);
    expect(decodePolyline('_p~iF')).toBeNull();
  });

  it('spatial: reads latlong, delimited and geohash rows; counts bad ones by reason', () => {
    const skipped = new SkippedRows();
    const latlong = requireSpatial({ s: { type: 'latlong', lonCol: 'lon', latCol: 'lat' } }, 's', 'Longitude & Latitude');
    expect(spatialColumns(latlong)).toEqual(['lon', 'lat']);
    expect(rowPoint({ lon: '2.35', lat: 48.85 }, latlong, skipped)).toEqual([2.35, 48.85]);
    expect(rowPoint({ lon: 'east', lat: 48 }, latlong, skipped)).toBeUndefined();
    expect(rowPoint({ lon: 200, lat: 48 }, latlong, skipped)).toBeUndefined();
    expect(rowPoint({ lon: null, lat: 48 }, latlong, skipped)).toBeUndefined();
    expect(rowPoint({ p: '48.85, 2.35' }, { type: 'delimited', lonlatCol: 'p' }, skipped)).toEqual([2.35, 48.85]);
    expect(rowPoint({ p: '2.35,48.85' }, { type: 'delimited', lonlatCol: 'p', reverseCheckbox: true }, skipped)).toEqual([2.35, 48.85]);
    expect(rowPoint({ g: 'zzzz!' }, { type: 'geohash', geohashCol: 'g' }, skipped)).toBeUndefined();
    expect(skipped.messages()).toEqual([
      '1 row skipped: non-numeric coordinates',
      '1 row skipped: coordinates out of range',
      '1 row skipped: missing coordinates',
      '1 row skipped: unknown geohash',
    ]);
  });

  it('spatial: an unset or incomplete control is a named error', () => {
    expect(() => requireSpatial({}, 'spatial', 'Longitude & Latitude')).toThrow('Longitude & Latitude cannot be empty');
    expect(() => requireSpatial({ spatial: { type: 'latlong', lonCol: 'lon' } }, 'spatial', 'Longitude & Latitude')).toThrow('Longitude & Latitude: latCol cannot be empty');
    expect(() => requireSpatial({ spatial: { type: 'h3' } }, 'spatial', 'Longitude & Latitude')).toThrow('unknown type "h3"');
  });

  it('viewport: defaults, strings from the incumbent, named errors out of range', () => {
    expect(readViewport(undefined)).toEqual({ longitude: 6.85, latitude: 31.22, zoom: 1, pitch: 0, bearing: 0 });
    expect(readViewport({ longitude: '-122.4', latitude: 37.8, zoom: 11 })).toMatchObject({ longitude: -122.4, zoom: 11, pitch: 0 });
    expect(() => readViewport({ zoom: 'far' })).toThrow('Viewport: zoom must be a number from 0 to 24');
    expect(() => readViewport({ latitude: 95 })).toThrow('Viewport: latitude must be a number from -90 to 90');
    expect(pointBounds([[2, 48], [-3, 51]])).toEqual([[-3, 48], [2, 51]]);
    expect(pointBounds([])).toBeNull();
  });

  it('lines: JSON pairs, GeoJSON, polyline and geohash; bad values are reasons', () => {
    expect(parseLines('[[2.3, 48.8], [2.4, 48.9]]', 'json', false)).toEqual([[[2.3, 48.8], [2.4, 48.9]]]);
    expect(parseLines('[[48.8, 2.3], [48.9, 2.4]]', 'json', true)).toEqual([[[2.3, 48.8], [2.4, 48.9]]]);
    expect(parseLines({ type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] }, 'json', false)).toHaveLength(1);
    expect(parseLines('_p~iF~ps|U_ulLnnqC', 'polyline', false)).toEqual([[[-120.2, 38.5], [-120.95, 40.7]]]);
    expect(parseLines('ezs42', 'geohash', false)).toEqual([expect.arrayContaining([expect.any(Array)])]);
    expect(parseLines('{not json', 'json', false)).toBe('unreadable geometry');
    expect(parseLines('[[500, 0], [1, 1]]', 'json', false)).toBe('coordinates out of range');
    expect(parseLines('', 'json', false)).toBe('missing coordinates');
  });

  it('colours: the incumbent {r,g,b,a}, hex and CSS; ramps over a sequential scheme', () => {
    expect(toRgba({ r: 0, g: 122, b: 135, a: 1 }, [0, 0, 0, 0])).toEqual([0, 122, 135, 255]);
    expect(toRgba('#f00', [0, 0, 0, 0])).toEqual([255, 0, 0, 255]);
    expect(toRgba('rgba(1, 2, 3, 0.5)', [0, 0, 0, 0])).toEqual([1, 2, 3, 128]);
    expect(toRgba('nope', [9, 9, 9, 9])).toEqual([9, 9, 9, 9]);
    expect(colorRange('white_black', 2)).toEqual([[255, 255, 255, 255], [0, 0, 0, 255]]);
  });
});
