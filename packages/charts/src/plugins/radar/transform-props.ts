/** Chart-data response -> radar axes (one per metric) and series (one per group). */
import { formatLabel, getColumnLabel, getMetricLabel, type QueryFormColumn, type QueryFormMetric } from '@lumen-bi/core';
import { chartColorScale } from '../../colors/chart-color-scale';
import { getNumberFormatter } from '../../shared/format';
import { getColnames, getRecords, toNumberOrNull } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import { formatTimeAlone } from '../../shared/year-aware-time';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import type { RadarAxis, RadarProps, RadarSeries } from './types';

/** The coltypes code of a temporal column (the incumbent's GenericDataType.Temporal). */
const TEMPORAL = 2;

/** Per-metric bounds set in Explore (column_config.<metric>.radarMetricMaxValue / radarMetricMinValue). */
type ColumnConfig = Record<string, { radarMetricMaxValue?: number | null; radarMetricMinValue?: number | null } | undefined>;

/**
 * The range of a metric's spoke, as the incumbent sets it: from 0 (or the configured minimum, or the
 * data's minimum when that control is cleared) to the configured maximum, else the data's maximum.
 *
 * @example
 * radarAxis('count', [3, 9], {}); // { name: 'count', min: 0, max: 9 }
 */
export function radarAxis(name: string, values: number[], config: ColumnConfig): RadarAxis {
  const own = config[name] ?? {};
  const dataMax = values.length ? Math.max(...values) : 0;
  const dataMin = values.length ? Math.min(...values) : 0;
  const max = typeof own.radarMetricMaxValue === 'number' ? own.radarMetricMaxValue : dataMax;
  const min = own.radarMetricMinValue === undefined ? 0 : own.radarMetricMinValue === null ? dataMin : own.radarMetricMinValue;
  // A spoke of zero length would put every value at the centre: give it a unit range.
  return { name, min, max: max > min ? max : min + 1 };
}

/**
 * @example
 * transformRadarProps({ formData: { ..., groupby: ['product_line'], metrics: ['count'] }, queriesData, width: 500, height: 400 }).series[0].name;
 */
export function transformRadarProps(input: TransformPropsInput): RadarProps {
  const fd = input.formData;
  const metrics = requireControl<QueryFormMetric[]>(fd, 'metrics', 'Metrics').map(getMetricLabel);
  const groupby = ((fd.groupby ?? []) as QueryFormColumn[]).map(getColumnLabel);
  const result = input.queriesData[0];
  requireResultColumns(result, [...groupby, ...metrics]);
  const records = getRecords(input.queriesData);
  const colnames = getColnames(result);
  const temporal = new Set(groupby.filter((g) => result?.coltypes?.[colnames.indexOf(g)] === TEMPORAL));
  const groupName = (r: Record<string, unknown>) =>
    groupby.map((g) => (temporal.has(g) && typeof r[g] === 'number' ? formatTimeAlone(fd.date_format, r[g] as number) : formatLabel(r[g]))).join(', ') || metrics.join(', ');
  const normalized = fd.is_normalized === true;
  const columnConfig = (fd.column_config ?? {}) as ColumnConfig;
  const raw = records.map((r) => metrics.map((m) => toNumberOrNull(r[m])));
  const axes = metrics.map((m, j) => (normalized ? { name: m, min: 0, max: 1 } : radarAxis(m, raw.map((v) => v[j]).filter((v): v is number => v !== null), columnConfig)));
  const fmt = getNumberFormatter(fd.number_format);
  const scale = chartColorScale(input);
  const showLabels = fd.show_labels === true;
  const crossFilterColumn = groupby.length === 1 && typeof (fd.groupby as QueryFormColumn[])[0] === 'string' && !temporal.size ? groupby[0] : null;
  const series: RadarSeries[] = records.map((r, i) => {
    const name = groupName(r);
    const values = raw[i];
    const seriesMax = Math.max(0, ...values.filter((v): v is number => v !== null));
    const formatted = values.map((v) => (v === null ? 'N/A' : fmt.format(v)));
    return {
      name,
      color: scale.getColor(name),
      values,
      positions: values.map((v, j) => position(normalized ? (seriesMax ? (v ?? 0) / seriesMax : 0) : (v ?? axes[j].min), axes[j])),
      formatted,
      labels: formatted.map((f, j) => (!showLabels ? '' : fd.label_type === 'key_value' ? `${metrics[j]}: ${f}` : f)),
      ...(crossFilterColumn ? { filterValue: r[crossFilterColumn] } : {}),
    };
  });
  return {
    ...baseProps(input, `Radar chart of ${metrics.join(', ')}${groupby.length ? ` by ${groupby.join(', ')}` : ''}: ${series.map((s) => s.name).join(', ')}`),
    axes,
    series,
    circle: fd.is_circle === true,
    showLegend: fd.show_legend !== false,
    legendOrientation: String(fd.legendOrientation ?? 'top'),
    crossFilterColumn,
  };
}

/** A value's place on its spoke, clamped to the spoke (values beyond a configured bound sit at its end). */
function position(value: number, axis: RadarAxis): number {
  return Math.min(1, Math.max(0, (value - axis.min) / (axis.max - axis.min)));
}
