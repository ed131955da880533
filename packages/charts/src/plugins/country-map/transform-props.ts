/** Chart-data response -> the country map's regions and values. */
import { getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { getNumberFormatter } from '../../shared/format';
import { getRecords, toNumberOrNull } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import { findCountryMap } from './countries';
import type { CountryMapProps, CountryMapRegion } from './types';

/** An ISO 3166-2 code: the country's alpha-2, '-', and one to three letters or digits. */
const ISO_3166_2 = /^[A-Z]{2}-[A-Z0-9]{1,3}$/;

/**
 * The region code of a cell: trimmed and upper-cased ('de-by ' -> 'DE-BY'), or null when it is no ISO
 * 3166-2 code.
 *
 * @example
 * regionCode(' us-ca'); // 'US-CA'
 */
export function regionCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  return ISO_3166_2.test(code) ? code : null;
}

/**
 * Rows whose code is no ISO 3166-2 code are skipped and counted; a region named by several rows keeps the
 * first (the map holds one value per region). Codes that are well formed but not of the country are
 * counted by the render, which knows the country's regions.
 *
 * @example
 * transformCountryMapProps({ formData: { ..., select_country: 'germany', entity: 'state', metric: 'sum__pop' }, queriesData, width, height }).regions[0].code; // 'DE-BY'
 */
export function transformCountryMapProps(input: TransformPropsInput): CountryMapProps {
  const fd = input.formData;
  const country = findCountryMap(requireControl<string>(fd, 'select_country', 'Country'));
  const entity = getColumnLabel(requireControl<QueryFormColumn>(fd, 'entity', 'ISO 3166-2 Codes'));
  const metric = getMetricLabel(requireControl<QueryFormMetric>(fd, 'metric', 'Metric'));
  requireResultColumns(input.queriesData[0], [entity, metric]);
  const format = getNumberFormatter(fd.number_format);
  const regions = new Map<string, CountryMapRegion>();
  let invalidCodes = 0;
  for (const row of getRecords(input.queriesData)) {
    const code = regionCode(row[entity]);
    if (!code) invalidCodes += 1;
    else if (!regions.has(code)) regions.set(code, { code, entityValue: row[entity], value: toNumberOrNull(row[metric]) });
  }
  return {
    ...baseProps(input, `Map of ${country.label} by region, coloured by ${metric}: ${regions.size} regions`),
    countryKey: country.key,
    countryLabel: country.label,
    regions: [...regions.values()],
    metricName: metric,
    formatValue: (v) => (v === null ? 'No data' : format.format(v)),
    colorScheme: typeof fd.linear_color_scheme === 'string' ? fd.linear_color_scheme : 'superset_seq_1',
    invalidCodes,
    crossFilterColumn: typeof fd.entity === 'string' ? entity : null,
  };
}
