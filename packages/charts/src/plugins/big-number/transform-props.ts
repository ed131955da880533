/** Chart-data response -> big-number props (latest value, comparison with compare_lag, trendline). */
import { getMetricLabel, type QueryFormMetric } from '@lumen-bi/core';
import { rgbaObjectToCss } from '../../colors/validate-color';
import { formatPercent } from '../../shared/format';
import { formatTimeAlone } from '../../shared/year-aware-time';
import { getColnames, getRecords, getRowcount, toNumberOrNull } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import { rowGate } from '../../shared/row-threshold';
import { DEFAULT_CHART_THEME, type TransformPropsInput } from '../../types';
import type { BigNumberProps } from './types';
import { formatBigNumber } from './value-format';

function base(input: TransformPropsInput, value: number | null, extra: Partial<BigNumberProps>): BigNumberProps {
  const fd = input.formData;
  const formattedValue = formatBigNumber(fd, value);
  return {
    width: input.width,
    height: input.height,
    theme: input.theme ?? DEFAULT_CHART_THEME,
    gate: rowGate(getRowcount(input.queriesData), input.confirmedLargeRender),
    ariaLabel: `${getMetricLabel(fd.metric as QueryFormMetric)}: ${formattedValue}`,
    value,
    formattedValue,
    subheader: String(fd.subheader ?? ''),
    percentChange: null,
    formattedPercentChange: '',
    trendline: null,
    startYAxisAtZero: fd.start_y_axis_at_zero !== false,
    color: rgbaObjectToCss(fd.color_picker),
    headerFontSize: Number(fd.header_font_size ?? 0.4),
    subheaderFontSize: Number(fd.subheader_font_size ?? 0.15),
    ...extra,
  };
}

/**
 * big_number_total.
 *
 * @example
 * transformBigNumberTotalProps({ formData: { metric: 'count', ... }, queriesData: [{ data: [{ count: 1234 }] }], ... }).formattedValue; // '1.23k'
 */
export function transformBigNumberTotalProps(input: TransformPropsInput): BigNumberProps {
  const metric = getMetricLabel(requireControl<QueryFormMetric>(input.formData, 'metric', 'Metric'));
  requireResultColumns(input.queriesData[0], [metric]);
  return base(input, toNumberOrNull(getRecords(input.queriesData)[0]?.[metric]), {});
}

/**
 * big_number with trendline: the latest non-null value, its change versus `compare_lag` points earlier.
 *
 * @example
 * transformBigNumberProps(input).formattedPercentChange; // '+12.5%'
 */
export function transformBigNumberProps(input: TransformPropsInput): BigNumberProps {
  const fd = input.formData;
  const metric = getMetricLabel(requireControl<QueryFormMetric>(fd, 'metric', 'Metric'));
  const result = input.queriesData[0];
  requireResultColumns(result, [metric]);
  const records = [...getRecords(input.queriesData)];
  const xKey = getColnames(result).find((c) => c !== metric) ?? '__timestamp';
  records.sort((a, b) => Number(a[xKey]) - Number(b[xKey]));
  const x = Float64Array.from(records, (r) => Number(r[xKey]));
  const y = records.map((r) => toNumberOrNull(r[metric]));
  let last = y.length - 1;
  while (last >= 0 && y[last] === null) last--;
  const value = last >= 0 ? y[last] : null;
  const lag = Number(fd.compare_lag);
  let percentChange: number | null = null;
  if (value !== null && Number.isInteger(lag) && lag > 0 && last - lag >= 0) {
    const prev = y[last - lag];
    if (prev !== null && prev !== 0) percentChange = (value - prev) / Math.abs(prev);
  }
  const changeText = percentChange === null ? '' : `${percentChange > 0 ? '+' : ''}${formatPercent(percentChange, 1)}`;
  return base(input, value, {
    percentChange,
    formattedPercentChange: changeText,
    // As the incumbent: the comparison (with its suffix) or nothing; the latest time shows only when
    // show_timestamp asks for it, never as a bare weekday in place of the comparison.
    subheader: [changeText && `${changeText} ${fd.compare_suffix ?? ''}`.trim(), fd.show_timestamp && last >= 0 ? formatTimeAlone(fd.time_format, x[last]) : ''].filter(Boolean).join(' · '),
    trendline: fd.show_trend_line === false ? null : [x, y],
  });
}
