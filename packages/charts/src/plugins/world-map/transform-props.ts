/** Chart-data response -> the world map's countries, colours, bubbles and legend. */
import { getColumnLabel, getMetricLabel, type QueryFormColumn } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { getNumberFormatter } from '../../shared/format';
import { fillByValue } from '../../shared/geo/choropleth';
import { getRecords, toNumberOrNull } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import { worldMapMetrics } from './build-query';
import { countryFieldType, findCountry } from './countries';
import type { WorldMapCountry, WorldMapProps } from './types';

/** The incumbent's bubble colour default (color_picker). */
const DEFAULT_BUBBLE = { r: 0, g: 122, b: 135, a: 1 };

/**
 * Rows whose country value names no country under country_fieldtype are skipped and counted; a country
 * named by several rows keeps the first (the incumbent's map holds one value per country).
 *
 * @example
 * transformWorldMapProps({ formData: { ..., entity: 'country_name', country_fieldtype: 'name', metric: 'count' }, queriesData, width, height }).countries[0].cca3; // 'USA'
 */
export function transformWorldMapProps(input: TransformPropsInput): WorldMapProps {
  const fd = input.formData;
  const entity = getColumnLabel(requireControl<QueryFormColumn>(fd, 'entity', 'Country Column'));
  const fieldType = countryFieldType(fd.country_fieldtype);
  const labels = worldMapMetrics(fd).map(getMetricLabel);
  const [metric, bubbleMetric = metric] = labels;
  requireResultColumns(input.queriesData[0], [entity, ...labels]);
  const format = getNumberFormatter(fd.y_axis_format);
  const seen = new Map<string, WorldMapCountry>();
  let skipped = 0;
  for (const row of getRecords(input.queriesData)) {
    const country = findCountry(fieldType, row[entity]);
    if (!country) {
      skipped += 1;
      continue;
    }
    if (seen.has(country.numeric)) continue;
    seen.set(country.numeric, { ...country, entityValue: row[entity], value: toNumberOrNull(row[metric]), bubbleValue: toNumberOrNull(row[bubbleMetric]), fill: '', radius: 0 });
  }
  const countries = [...seen.values()];
  const legend = fd.color_by === 'country' ? colorByCountry(input, countries) : fillByValue(fd.linear_color_scheme, countries, format.format);
  const maxBubble = Number(fd.max_bubble_size) > 0 ? Number(fd.max_bubble_size) : 25;
  const largest = Math.max(0, ...countries.map((c) => c.bubbleValue ?? 0));
  // Bubble areas proportional to the value (the incumbent's square-root radius scale from 0).
  for (const c of countries) c.radius = largest > 0 && c.bubbleValue !== null && c.bubbleValue > 0 ? Math.sqrt(c.bubbleValue / largest) * maxBubble : 0;
  const top = [...countries].sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity)).slice(0, 5).map((c) => `${c.name} ${format.format(c.value ?? NaN)}`);
  return {
    ...baseProps(input, `World map of ${metric} by ${entity}: ${countries.length} countries${top.length ? `, highest ${top.join(', ')}` : ''}`),
    countries,
    metricName: metric,
    bubbleMetricName: bubbleMetric,
    formatValue: (v) => (v === null ? 'No data' : format.format(v)),
    legend,
    showBubbles: fd.show_bubbles === true,
    bubbleColor: rgba(fd.color_picker),
    skipped,
    crossFilterColumn: typeof fd.entity === 'string' ? entity : null,
  };
}

/** color_by 'country': each country its own colour of color_scheme, no legend (as the incumbent). */
function colorByCountry(input: TransformPropsInput, countries: WorldMapCountry[]): null {
  const scale = chartColorScale(input);
  for (const c of countries) c.fill = scale.getColor(c.name);
  return null;
}

function rgba(value: unknown): string {
  const c = { ...DEFAULT_BUBBLE, ...(value && typeof value === 'object' ? (value as Partial<typeof DEFAULT_BUBBLE>) : {}) };
  return `rgba(${c.r},${c.g},${c.b},${c.a})`;
}
