/** Types of the country map (viz_type 'country_map'). */
import type { BaseChartProps } from '../../shared/mount';

/** One row of the result: a region's code and value. */
export interface CountryMapRegion {
  /** ISO 3166-2 code, upper case ('DE-BY'). */
  code: string;
  /** The entity column's value as the data holds it: what a cross filter filters on. */
  entityValue: unknown;
  value: number | null;
}

/** Render props of the country map. */
export interface CountryMapProps extends BaseChartProps {
  /** select_country key of the map drawn ('germany'). */
  countryKey: string;
  countryLabel: string;
  regions: CountryMapRegion[];
  metricName: string;
  formatValue(value: number | null): string;
  /** linear_color_scheme id. */
  colorScheme: string;
  /** Rows whose code is no ISO 3166-2 code of the country (more are counted once its shapes are known). */
  invalidCodes: number;
  /** Column a click filters on; null when the entity is not a plain column. */
  crossFilterColumn: string | null;
}
