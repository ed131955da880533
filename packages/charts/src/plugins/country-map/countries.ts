/**
 * The countries the country map draws (select_country's keys are the incumbent's: 'usa', 'germany',
 * 'korea', ...), listed by scripts/generate-country-map-shapes.mjs with their shapes.
 */
import { COVERED_COUNTRIES } from './covered-countries';

/** A covered country: the select_country key, its label, its ISO 3166-1 alpha-2 code, and its shapes' loader. */
export interface CountryMapCountry {
  key: string;
  label: string;
  alpha2: string;
  /** Imports the country's topojson (a lazy chunk of its own). */
  load(): Promise<{ default: unknown }>;
}

export const COUNTRY_MAP_COUNTRIES: readonly CountryMapCountry[] = COVERED_COUNTRIES;

/**
 * The covered country of a select_country value; throws an error naming the value when there is none.
 *
 * @example
 * findCountryMap('germany').alpha2; // 'DE'
 */
export function findCountryMap(key: unknown): CountryMapCountry {
  const found = COUNTRY_MAP_COUNTRIES.find((c) => c.key === String(key).toLowerCase());
  if (!found) throw new Error(`Country "${String(key)}" has no region map; choose one of ${COUNTRY_MAP_COUNTRIES.map((c) => c.key).join(', ')}`);
  return found;
}
