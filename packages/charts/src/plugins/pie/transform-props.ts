/** Chart-data response -> pie slices with colours, percentages and labels. */
import { formatLabel, getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { currencyPlacement, formatWithCurrency } from '../../shared/currency-format';
import { formatPercent } from '../../shared/format';
import { getRecords, getRowcount, toNumberOrNull } from '../../shared/records';
import { rowGate } from '../../shared/row-threshold';
import { DEFAULT_CHART_THEME, type TransformPropsInput } from '../../types';
import type { PieProps } from './types';
import { requireControl, requireResultColumns } from '../../shared/required-controls';

/**
 * @example
 * transformPieProps({ formData: { ..., groupby: ['g'], metric: 'count', label_type: 'key_percent' }, queriesData, width, height })
 *   .slices[0]; // { name: 'boy', value: 60, percent: 0.6, color: '#1FA8C9', label: 'boy: 60.00%' }
 */
export function transformPieProps(input: TransformPropsInput): PieProps {
  const fd = input.formData;
  requireControl(fd, 'metric', 'Metric');
  const records = getRecords(input.queriesData);
  const metric = getMetricLabel(fd.metric as QueryFormMetric);
  const groupby = ((fd.groupby ?? []) as QueryFormColumn[]).map(getColumnLabel);
  requireResultColumns(input.queriesData[0], [...groupby, metric]);
  const currency = currencyPlacement(fd.currency_format);
  const fmt = { format: (v: number) => formatWithCurrency(fd.number_format, currency, v) };
  const scale = chartColorScale(input);
  const rows = records.map((r) => ({ name: groupby.map((g) => formatLabel(r[g])).join(', ') || metric, value: toNumberOrNull(r[metric]) ?? 0 }));
  const total = rows.reduce((s, r) => s + r.value, 0);
  const threshold = Number(fd.show_labels_threshold ?? 5) / 100;
  const type = String(fd.label_type ?? 'key');
  const showLabels = fd.show_labels !== false;
  const slices = rows.map((r) => {
    const percent = total ? r.value / total : 0;
    const parts: Record<string, string> = { key: r.name, value: fmt.format(r.value), percent: formatPercent(percent) };
    const label =
      showLabels && percent >= threshold
        ? type === 'key_value' ? `${parts.key}: ${parts.value}`
        : type === 'key_percent' ? `${parts.key}: ${parts.percent}`
        : type === 'key_value_percent' ? `${parts.key}: ${parts.value} (${parts.percent})`
        : (parts[type] ?? parts.key)
        : '';
    return { name: r.name, value: r.value, percent, color: scale.getColor(r.name), label };
  });
  return {
    width: input.width,
    height: input.height,
    theme: input.theme ?? DEFAULT_CHART_THEME,
    gate: rowGate(getRowcount(input.queriesData), input.confirmedLargeRender),
    ariaLabel: `${fd.donut ? 'Donut' : 'Pie'} chart of ${metric} by ${groupby.join(', ') || 'total'}: ${slices.map((s) => `${s.name} ${formatPercent(s.percent)}`).join(', ')}`,
    slices,
    total,
    donut: Boolean(fd.donut),
    innerRadius: Number(fd.innerRadius ?? 30),
    outerRadius: Number(fd.outerRadius ?? 70),
    labelsOutside: fd.labels_outside !== false,
    showLegend: fd.show_legend !== false,
    legendOrientation: typeof fd.legendOrientation === 'string' ? fd.legendOrientation : 'top',
    formattedTotal: fmt.format(total),
    crossFilterColumn: groupby.length === 1 ? groupby[0] : null,
    sliceValues: groupby.length === 1 ? records.map((r) => r[groupby[0]]) : [],
  };
}
