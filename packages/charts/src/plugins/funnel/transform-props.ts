/** Chart-data response -> funnel steps with percentages, labels and colours. */
import { formatLabel, getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { formatPercent, getNumberFormatter } from '../../shared/format';
import { getRecords, toNumberOrNull } from '../../shared/records';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import type { FunnelProps } from './types';
import { requireControl, requireResultColumns } from '../../shared/required-controls';

// Saved charts hold either the incumbent's numeric enum or (older) its string names.
const LABEL_TYPE_NAMES = ['key', 'value', 'percent', 'key_value', 'key_percent', 'key_value_percent', 'value_percent'];

/**
 * The label text of a step for a label type (number or name).
 *
 * @example
 * funnelLabel(4, 'Shipped', '2.6k', '100.00%'); // 'Shipped: 100.00%'
 */
export function funnelLabel(type: unknown, key: string, value: string, percent: string): string {
  const name = typeof type === 'number' ? LABEL_TYPE_NAMES[type] : String(type ?? 'key');
  switch (name) {
    case 'value': return value;
    case 'percent': return percent;
    case 'key_value': return `${key}: ${value}`;
    case 'key_percent': return `${key}: ${percent}`;
    case 'key_value_percent': return `${key}: ${value} (${percent})`;
    case 'value_percent': return `${value} (${percent})`;
    default: return key;
  }
}

/**
 * @example
 * transformFunnelProps({ formData: { ..., groupby: ['status'], metric: 'count' }, queriesData, width: 400, height: 300 }).steps[1].percent;
 */
export function transformFunnelProps(input: TransformPropsInput): FunnelProps {
  const fd = input.formData;
  const metric = getMetricLabel(requireControl<QueryFormMetric>(fd, 'metric', 'Metric'));
  const groupby = ((fd.groupby ?? []) as QueryFormColumn[]).map(getColumnLabel);
  requireResultColumns(input.queriesData[0], [...groupby, metric]);
  const fmt = getNumberFormatter(fd.number_format);
  const scale = chartColorScale(input);
  const records = getRecords(input.queriesData);
  const rows = records.map((r) => ({ name: groupby.map((g) => formatLabel(r[g])).join(', ') || metric, value: toNumberOrNull(r[metric]) ?? 0 }));
  const total = rows.reduce((s, r) => s + r.value, 0);
  const calc = String(fd.percent_calculation_type ?? 'first_step');
  const showLabels = fd.show_labels !== false;
  const steps = rows.map((r, i) => {
    const base = calc === 'total' ? total : calc === 'prev_step' ? (i === 0 ? r.value : rows[i - 1].value) : rows[0].value;
    const percent = base ? r.value / base : 0;
    const value = fmt.format(r.value);
    const pct = formatPercent(percent);
    return {
      name: r.name,
      value: r.value,
      percent,
      color: scale.getColor(r.name),
      label: showLabels ? funnelLabel(fd.label_type ?? 0, r.name, value, pct) : '',
      tooltip: funnelLabel(fd.tooltip_label_type ?? 5, r.name, value, pct),
    };
  });
  return {
    ...baseProps(input, `Funnel chart of ${metric} by ${groupby.join(', ') || 'total'}: ${steps.map((s) => `${s.name} ${fmt.format(s.value)}`).join(', ')}`),
    steps,
    showLegend: fd.show_legend !== false,
    crossFilterColumn: groupby.length === 1 ? groupby[0] : null,
    stepValues: groupby.length === 1 ? records.map((r) => r[groupby[0]]) : [],
  };
}
