/**
 * Country lookup of the world map: a row's country value, read as the incumbent's country_fieldtype says
 * (ISO 3166-1 alpha-2 'cca2', alpha-3 'cca3', or the English 'name'), to the ISO numeric code that
 * world-atlas keys its shapes by. Matching ignores case, as the incumbent's lookups do, and for names also
 * accents and '&' against 'and' (survey data writes 'Curacao', 'Trinidad & Tobago').
 */
import codes from 'i18n-iso-countries/codes.json';
import english from 'i18n-iso-countries/langs/en.json';

/** The field types of country_fieldtype that Lumen reads. */
export const COUNTRY_FIELD_TYPES = ['cca2', 'cca3', 'name'] as const;
export type CountryFieldType = (typeof COUNTRY_FIELD_TYPES)[number];

/** A country: its codes and English name. */
export interface Country {
  cca2: string;
  cca3: string;
  /** ISO 3166-1 numeric, as world-atlas's feature ids ('840'). */
  numeric: string;
  name: string;
}

/** The key a value is looked up by: lower case, no accents, '&' as 'and', single spaces. */
function lookupKey(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/&/g, ' and ').replace(/\s+/g, ' ').trim();
}

let lookups: Record<CountryFieldType, Map<string, Country>> | undefined;

/** Built on first use: most pages never draw a world map. */
function buildLookups(): Record<CountryFieldType, Map<string, Country>> {
  const names = english.countries as Record<string, string | string[]>;
  const out = { cca2: new Map<string, Country>(), cca3: new Map<string, Country>(), name: new Map<string, Country>() };
  for (const [cca2, cca3, numeric] of codes as string[][]) {
    const all = names[cca2] ?? [];
    const aliases = Array.isArray(all) ? all : [all];
    const country = { cca2, cca3, numeric, name: aliases[0] ?? cca2 };
    out.cca2.set(lookupKey(cca2), country);
    out.cca3.set(lookupKey(cca3), country);
    // Every English alias ('United States', 'United States of America', 'USA'): data spells countries many ways.
    for (const alias of aliases) out.name.set(lookupKey(alias), country);
  }
  return out;
}

/**
 * The country a value names under `fieldType`, or undefined.
 *
 * @example
 * findCountry('cca3', 'fra')?.numeric; // '250'
 * findCountry('name', 'United States')?.cca2; // 'US'
 */
export function findCountry(fieldType: CountryFieldType, value: unknown): Country | undefined {
  if (value === null || value === undefined) return undefined;
  lookups ??= buildLookups();
  return lookups[fieldType].get(lookupKey(String(value)));
}

/**
 * country_fieldtype checked: the incumbent's default is 'cca2'; any other value is an error naming it.
 *
 * @example
 * countryFieldType(undefined); // 'cca2'
 */
export function countryFieldType(value: unknown): CountryFieldType {
  if (value === undefined || value === null || value === '') return 'cca2';
  if ((COUNTRY_FIELD_TYPES as readonly unknown[]).includes(value)) return value as CountryFieldType;
  throw new Error(`Country field type "${String(value)}" is not supported: choose one of ${COUNTRY_FIELD_TYPES.join(', ')}`);
}
