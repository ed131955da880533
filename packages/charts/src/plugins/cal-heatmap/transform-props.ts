/** Chart-data response (a legacy time series) -> a calendar per metric: domains of cells, colours, legend. */
import { getMetricLabel, type QueryFormMetric } from '@lumen-bi/core';
import { sequentialColor } from '../../colors/sequential-schemes';
import { getNumberFormatter, getTimeFormatter } from '../../shared/format';
import { TIME_COLUMN } from '../../shared/post-processing';
import { getRecords, toNumberOrNull } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import { formatTimeAlone } from '../../shared/year-aware-time';
import type { TransformPropsInput } from '../../types';
import { baseProps } from '../svg-common/svg';
import { cellPosition, cellStarts, domainStarts, periodStart } from './calendar';
import type { CalDomain, CalDomainGrid, CalHeatmapProps, CalMetric, CalSubdomain } from './types';

const DOMAINS: readonly CalDomain[] = ['hour', 'day', 'week', 'month', 'year'];
const SUBDOMAINS: readonly CalSubdomain[] = ['min', 'hour', 'day', 'week', 'month'];
/** Beyond this many cells a calendar is unreadable and slow: the user is asked for coarser periods. */
export const MAX_CELLS = 60_000;
const DOMAIN_LABELS: Record<CalDomain, string> = { hour: '%H:00 %b %d', day: '%a %b %d', week: 'Week of %b %d, %Y', month: '%b %Y', year: '%Y' };

const int = (v: unknown, fallback: number) => {
  const n = Number.parseInt(String(v ?? ''), 10);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

/**
 * The calendar spans the query's time range where the server resolved one, else the data's first and
 * last times (the incumbent always has a range; 'No filter' here means the data's own span).
 *
 * @example
 * transformCalHeatmapProps({ formData: { ..., metrics: ['count'], domain_granularity: 'month', subdomain_granularity: 'day' }, queriesData, width: 800, height: 300 }).metrics[0].domains.length;
 */
export function transformCalHeatmapProps(input: TransformPropsInput): CalHeatmapProps {
  const fd = input.formData;
  const metrics = requireControl<QueryFormMetric[]>(fd, 'metrics', 'Metrics');
  const labels = (Array.isArray(metrics) ? metrics : [metrics]).map(getMetricLabel);
  requireResultColumns(input.queriesData[0], [TIME_COLUMN, ...labels]);
  const domain = pick(DOMAINS, fd.domain_granularity, 'month');
  const subdomain = pick(SUBDOMAINS, fd.subdomain_granularity, 'day');
  const records = getRecords(input.queriesData);
  const times = records.map((r) => Number(r[TIME_COLUMN])).filter(Number.isFinite);
  const result = input.queriesData[0];
  const [first, last] = extent(times);
  const start = typeof result?.from_dttm === 'number' ? result.from_dttm : first;
  const end = typeof result?.to_dttm === 'number' ? result.to_dttm - 1 : last;
  const fmt = getNumberFormatter(fd.y_axis_format);
  const scheme = typeof fd.linear_color_scheme === 'string' ? fd.linear_color_scheme : 'blue_white_yellow';
  const steps = Math.max(2, int(fd.steps, 10));
  const starts = times.length ? domainStarts(domain, start, end, MAX_CELLS) : [];
  const out = labels.map((name) => metricCalendar(name, records, subdomain, (values, colorOf) => grids(domain, subdomain, starts, values, colorOf), steps, scheme, fmt.format));
  return {
    ...baseProps(input, `Calendar heatmap of ${labels.join(', ')} per ${subdomain} in ${starts.length} ${domain} grids`),
    metrics: out,
    formatValue: fmt.format,
    formatTime: (ms) => formatTimeAlone(fd.x_axis_time_format ?? 'smart_date', ms),
    cellSize: int(fd.cell_size, 10) || 10,
    cellPadding: int(fd.cell_padding, 2),
    cellRadius: int(fd.cell_radius, 0),
    showLegend: fd.show_legend !== false,
    showValues: fd.show_values === true,
    showMetricName: fd.show_metric_name !== false,
    domainUnit: domain,
  };
}

/** Smallest and largest of many numbers (no spread: minute cells over years overflow the call stack); [0, 0] when none. */
function extent(values: number[]): [number, number] {
  if (!values.length) return [0, 0];
  return values.reduce<[number, number]>(([lo, hi], v) => [Math.min(lo, v), Math.max(hi, v)], [Infinity, -Infinity]);
}

function pick<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** A metric's values keyed by cell start, its grids, extent and legend steps. */
function metricCalendar(name: string, records: Array<Record<string, unknown>>, subdomain: CalSubdomain, layout: (values: Map<number, number>, colorOf: (v: number) => string) => CalDomainGrid[], steps: number, scheme: string, format: (v: number) => string): CalMetric {
  const values = new Map<number, number>();
  for (const r of records) {
    const v = toNumberOrNull(r[name]);
    if (v !== null) values.set(periodStart(subdomain, Number(r[TIME_COLUMN])), v);
  }
  const [min, max] = extent([...values.values()]);
  const legend = Array.from({ length: steps }, (_, i) => {
    const value = min + ((max - min) * i) / (steps - 1);
    return { value, color: sequentialColor(scheme, i / (steps - 1)), label: format(value) };
  });
  // Each metric on its own scale, as the incumbent draws one calendar per metric.
  const colorOf = (v: number) => sequentialColor(scheme, (v - min) / (max - min || 1));
  return { name, domains: layout(values, colorOf), min, max, legend };
}

function grids(domain: CalDomain, subdomain: CalSubdomain, starts: number[], values: Map<number, number>, colorOf: (v: number) => string): CalDomainGrid[] {
  const label = getTimeFormatter(DOMAIN_LABELS[domain]);
  let total = 0;
  return starts.map((s) => {
    const times = cellStarts(domain, subdomain, s);
    total += times.length;
    if (total > MAX_CELLS) throw new Error('Too many cells for one calendar: choose a larger subdomain granularity or a shorter time range');
    const cells = times.map((t) => {
      const value = values.get(t) ?? null;
      return { time: t, ...cellPosition(domain, subdomain, s, t), value, color: value === null ? null : colorOf(value) };
    });
    return { label: label.format(s), cells, cols: 1 + cells.reduce((n, c) => Math.max(n, c.col), 0), rows: 1 + cells.reduce((n, c) => Math.max(n, c.row), 0) };
  });
}
