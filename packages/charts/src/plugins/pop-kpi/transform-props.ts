/** Chart-data response -> pop_kpi props: the value, the comparison period's value and the change. */
import { getMetricLabel, type QueryFormMetric } from '@lumen-bi/core';
import { getNumberFormatter } from '../../shared/format';
import { getColnames, getRecords, getRowcount, toNumberOrNull } from '../../shared/records';
import { requireControl } from '../../shared/required-controls';
import { rowGate } from '../../shared/row-threshold';
import { DEFAULT_CHART_THEME, type TransformPropsInput } from '../../types';
import { changeTone, percentChange } from './change';
import { popKpiComparisonPx, popKpiHeaderPx } from './font-sizes';
import type { ComparisonColorScheme, PopKpiProps } from './types';

/** Separator of a time-shifted metric's column name ('count__1 year ago'), the server's TIME_COMPARISON. */
const SHIFT_SEPARATOR = '__';

/**
 * Sums of the metric's column and of its time-shifted copy over the rows (one row without columns),
 * and the shift the server answered for, read from the column's name.
 */
function sums(input: TransformPropsInput, metric: string): { value: number; previous: number; shift: string } {
  const colnames = getColnames(input.queriesData[0]);
  const shifted = colnames.find((c) => c.startsWith(`${metric}${SHIFT_SEPARATOR}`));
  let value = 0;
  let previous = 0;
  for (const row of getRecords(input.queriesData)) {
    value += toNumberOrNull(row[metric]) ?? 0;
    if (shifted) previous += toNumberOrNull(row[shifted]) ?? 0;
  }
  return { value, previous, shift: shifted ? shifted.slice(metric.length + SHIFT_SEPARATOR.length) : '' };
}

/**
 * @example
 * transformPopKpiProps({ formData: { metric: 'count', ... }, queriesData: [{ data: [{ count: 120, 'count__1 year ago': 100 }] }], ... })
 *   .figures.map((f) => f.text); // ['100', '20', '0.2']
 */
export function transformPopKpiProps(input: TransformPropsInput): PopKpiProps {
  const fd = input.formData;
  const metric = getMetricLabel(requireControl<QueryFormMetric>(fd, 'metric', 'Metric'));
  const { value, previous, shift } = sums(input, metric);
  const format = getNumberFormatter(fd.y_axis_format);
  const change = percentChange(value, previous);
  const tone = changeTone(change, fd.comparison_color_enabled === true, fd.comparison_color_scheme === 'Red' ? 'Red' : ('Green' as ComparisonColorScheme));
  const formattedValue = format.format(value);
  const period = shift || String(fd.time_compare ?? '') || 'the comparison period';
  const percentText = getNumberFormatter(fd.percentDifferenceFormat).format(change);
  return {
    width: input.width,
    height: input.height,
    theme: input.theme ?? DEFAULT_CHART_THEME,
    gate: rowGate(getRowcount(input.queriesData), input.confirmedLargeRender),
    ariaLabel: `${metric}: ${formattedValue}, ${percentText} versus ${period}`,
    formattedValue,
    percentChange: change,
    arrowTone: tone,
    figures: [
      { symbol: '#', text: format.format(previous), description: `Data for ${period}`, tone: 'neutral' },
      { symbol: '△', text: format.format(value - previous), description: 'Value difference between the time periods', tone },
      { symbol: '%', text: percentText, description: 'Percentage difference between the time periods', tone },
    ],
    headerPx: popKpiHeaderPx(fd.header_font_size),
    subheaderPx: popKpiComparisonPx(fd.subheader_font_size),
    metricName: fd.show_metric_name === true ? metric : null,
    metricNamePx: popKpiComparisonPx(fd.metric_name_font_size ?? 0.15),
    // Older saves name the subtitle 'subheader'; the incumbent reads either.
    subtitle: String(fd.subtitle ?? fd.subheader ?? '').trim(),
    subtitlePx: popKpiComparisonPx(fd.subtitle_font_size ?? 0.15),
  };
}
