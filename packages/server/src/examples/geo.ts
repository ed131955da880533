/**
 * The geospatial examples for the deck.gl charts (generated, deterministic, for illustration only):
 * geo_points, places around 24 world cities with longitude/latitude, a delimited "lat,lon" text, a
 * category and a visit count; geo_routes, flights between those cities with origin and destination
 * coordinates, passengers, the route as a JSON path and its corridor as a GeoJSON polygon.
 */

/** [city, longitude, latitude]. */
const CITIES: [string, number, number][] = [
  ['London', -0.13, 51.51], ['Paris', 2.35, 48.86], ['Berlin', 13.4, 52.52], ['Madrid', -3.7, 40.42], ['Rome', 12.5, 41.9],
  ['Stockholm', 18.07, 59.33], ['Warsaw', 21.01, 52.23], ['Istanbul', 28.98, 41.01], ['Cairo', 31.24, 30.04], ['Lagos', 3.38, 6.52],
  ['Nairobi', 36.82, -1.29], ['Johannesburg', 28.05, -26.2], ['Dubai', 55.27, 25.2], ['Mumbai', 72.88, 19.08], ['Singapore', 103.82, 1.35],
  ['Tokyo', 139.69, 35.69], ['Seoul', 126.98, 37.57], ['Sydney', 151.21, -33.87], ['New York', -74.01, 40.71], ['Chicago', -87.63, 41.88],
  ['Los Angeles', -118.24, 34.05], ['Mexico City', -99.13, 19.43], ['São Paulo', -46.63, -23.55], ['Buenos Aires', -58.38, -34.6],
];

const CATEGORIES = ['Cafe', 'Shop', 'Park', 'Station'];
const AIRLINES = ['Aurora Air', 'Blue Meridian', 'Cirrus Lines'];
const POINTS_PER_CITY = 150;

/** A deterministic [0, 1) from two integers (a small integer hash; no Math.random, the rows never change). */
function unit(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) / 4294967296;
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const round = (n: number, digits = 5) => Math.round(n * 10 ** digits) / 10 ** digits;
const sqlValues = (rows: (string | number)[][]) => rows.map((r) => `(${r.map((v) => (typeof v === 'number' ? String(v) : quote(v))).join(', ')})`).join(',\n');

/** Uniform [0, 1) from the row id and a salt, in SQL (DuckDB's hash, as the other generated tables). */
const sqlUnit = (salt: number) => `((hash(id, ${salt}) % 1000000) / 1000000.0)`;

/**
 * geo_points: 3,600 places, 150 around each city (within about 130 km, denser near the centre), jittered
 * in SQL: a VALUES list of 3,600 rows costs DuckDB seconds to parse, a cross join with range() nothing.
 *
 * @example
 * await db.run(geoPointsSql());
 */
export function geoPointsSql(): string {
  const cities = CITIES.map(([city, lon, lat], c) => [c, city, lon, lat] as (string | number)[]);
  const categories = CATEGORIES.map(quote).join(', ');
  return `
CREATE OR REPLACE TABLE geo_points AS
WITH cities AS (SELECT * FROM (VALUES ${sqlValues(cities)}) AS t(c, city, lon, lat)),
places AS (SELECT city, lon, lat, c * ${POINTS_PER_CITY} + i + 1 AS id FROM cities, range(${POINTS_PER_CITY}) AS r(i)),
jittered AS (
  SELECT id, city, 1.2 * ${sqlUnit(1)} * ${sqlUnit(1)} AS distance, 2 * pi() * ${sqlUnit(2)} AS angle, ${sqlUnit(3)} AS kind, ${sqlUnit(4)} AS day, ${sqlUnit(5)} AS size, lon, lat
  FROM places
),
placed AS (
  SELECT id, city, kind, day, size, round(lon + distance * cos(angle) / cos(radians(lat)), 5) AS longitude, round(lat + distance * sin(angle), 5) AS latitude
  FROM jittered
)
SELECT CAST(id AS INTEGER) AS point_id, city, ([${categories}])[1 + CAST(floor(kind * ${CATEGORIES.length}) AS INTEGER)] AS category,
       longitude, latitude, CAST(latitude AS VARCHAR) || ',' || CAST(longitude AS VARCHAR) AS lat_lon,
       CAST(1 + floor(size * 500) AS INTEGER) AS visits, CAST(DATE '2024-01-01' + CAST(floor(day * 365) AS INTEGER) AS TIMESTAMP) AS recorded_at
FROM placed
ORDER BY point_id`;
}

/**
 * geo_routes: each city flies to the next three in the list (72 routes), with the straight route as a
 * JSON list of [lon, lat] (9 points) and a corridor polygon around it (GeoJSON).
 *
 * @example
 * await db.run(geoRoutesSql());
 */
export function geoRoutesSql(): string {
  const rows: (string | number)[][] = [];
  CITIES.forEach(([origin, oLon, oLat], c) => {
    for (let k = 1; k <= 3; k += 1) {
      const [destination, dLon, dLat] = CITIES[(c + k * 5) % CITIES.length];
      const id = rows.length + 1;
      const path = Array.from({ length: 9 }, (_, i) => [round(oLon + ((dLon - oLon) * i) / 8, 3), round(oLat + ((dLat - oLat) * i) / 8, 3)]);
      rows.push([id, origin, destination, AIRLINES[id % AIRLINES.length], oLon, oLat, dLon, dLat, 50 + Math.floor(unit(id, 7) * 400), JSON.stringify(path), JSON.stringify(corridor(oLon, oLat, dLon, dLat))]);
    }
  });
  return `
CREATE OR REPLACE TABLE geo_routes AS
SELECT CAST(id AS INTEGER) AS route_id, origin, destination, airline,
       CAST(o_lon AS DOUBLE) AS origin_lon, CAST(o_lat AS DOUBLE) AS origin_lat, CAST(d_lon AS DOUBLE) AS destination_lon, CAST(d_lat AS DOUBLE) AS destination_lat,
       CAST(passengers AS INTEGER) AS passengers, path_json, corridor_geojson, TIMESTAMP '2024-01-01' AS flown_at
FROM (VALUES ${sqlValues(rows)}) AS t(id, origin, destination, airline, o_lon, o_lat, d_lon, d_lat, passengers, path_json, corridor_geojson)
ORDER BY route_id`;
}

/** A GeoJSON polygon one degree either side of the straight route. */
function corridor(oLon: number, oLat: number, dLon: number, dLat: number) {
  const length = Math.hypot(dLon - oLon, dLat - oLat) || 1;
  const [nx, ny] = [-(dLat - oLat) / length, (dLon - oLon) / length];
  const ring = [[oLon + nx, oLat + ny], [dLon + nx, dLat + ny], [dLon - nx, dLat - ny], [oLon - nx, oLat - ny], [oLon + nx, oLat + ny]];
  return { type: 'Polygon', coordinates: [ring.map(([x, y]) => [round(x, 3), round(y, 3)])] };
}
