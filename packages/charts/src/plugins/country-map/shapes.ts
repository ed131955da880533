/**
 * The region shapes of one country, imported when a country map of that country first draws: each
 * country's topojson is a lazy chunk of its own, fetched once per page and shared by its maps.
 */
import type { Feature, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { findCountryMap } from './countries';

/** A region: its ISO 3166-2 code as id (none for a fragment the source data leaves uncoded). */
export type RegionFeature = Feature<Geometry, { name?: string } | null> & { id?: string };

/** A country's regions and the withdrawn ISO codes data may still carry, by their current code. */
export interface CountryShapes {
  features: RegionFeature[];
  aliases: Record<string, string>;
}

type ShapesTopology = Topology<{ regions: GeometryCollection<{ name?: string }> }> & { aliases?: Record<string, string> };

const cache = new Map<string, Promise<CountryShapes>>();

/**
 * The shapes of the country `key` (a covered select_country key); the same promise for every caller.
 *
 * @example
 * const { features } = await loadCountryShapes('germany');
 */
export function loadCountryShapes(key: string): Promise<CountryShapes> {
  let shapes = cache.get(key);
  if (!shapes) {
    shapes = Promise.resolve()
      .then(() => findCountryMap(key).load())
      .then((m) => {
        const topology = m.default as ShapesTopology;
        return { features: feature(topology, topology.objects.regions).features as RegionFeature[], aliases: topology.aliases ?? {} };
      });
    shapes.catch(() => cache.delete(key));
    cache.set(key, shapes);
  }
  return shapes;
}
