/**
 * The world's country shapes (world-atlas, Natural Earth 1:110m), imported only when a world map first
 * draws: a lazy chunk of its own, fetched once and shared by every world map of the page.
 */
import type { Feature, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** A country shape, keyed by its ISO 3166-1 numeric code (undefined for a few disputed areas). */
export type CountryFeature = Feature<Geometry, { name: string }> & { id?: string };

let world: Promise<CountryFeature[]> | undefined;

/**
 * The country features; the same promise for every caller.
 *
 * @example
 * const countries = await loadWorldCountries();
 */
export function loadWorldCountries(): Promise<CountryFeature[]> {
  world ??= import('world-atlas/countries-110m.json').then((m) => {
    const topology = m.default as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
    return feature(topology, topology.objects.countries).features as CountryFeature[];
  });
  return world;
}
