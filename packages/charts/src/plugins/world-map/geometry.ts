/**
 * The world's country shapes (world-atlas, Natural Earth 1:110m), imported only when a world map first
 * draws: a lazy chunk of its own, fetched once and shared by every world map of the page.
 */
import type { Feature, Geometry } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** A country shape, keyed by its ISO 3166-1 numeric code (undefined for a few disputed areas). */
export type CountryFeature = Feature<Geometry, { name: string }> & { id?: string };

type WorldTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;

let topology: Promise<WorldTopology> | undefined;
let world: Promise<CountryFeature[]> | undefined;
let borders: Promise<number[][][]> | undefined;

/** The world-atlas topology, imported once per page. */
function loadTopology(): Promise<WorldTopology> {
  topology ??= import('world-atlas/countries-110m.json').then((m) => m.default as unknown as WorldTopology);
  return topology;
}

/**
 * The country features; the same promise for every caller.
 *
 * @example
 * const countries = await loadWorldCountries();
 */
export function loadWorldCountries(): Promise<CountryFeature[]> {
  world ??= loadTopology().then((t) => feature(t, t.objects.countries).features as CountryFeature[]);
  return world;
}

/**
 * The countries' borders and coasts as lines, each shared border once (topojson's mesh), not the outline of
 * every country (which draws each border twice): what a base map strokes.
 *
 * @example
 * const lines = await loadWorldBorders(); // [[[lon, lat], ...], ...]
 */
export function loadWorldBorders(): Promise<number[][][]> {
  borders ??= loadTopology().then((t) => mesh(t, t.objects.countries).coordinates as number[][][]);
  return borders;
}
