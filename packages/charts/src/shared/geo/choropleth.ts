/**
 * Pieces the choropleth maps (world_map, country_map) share: fills on a linear colour scheme from the
 * smallest to the largest value, the legend of that ramp, and the notice of rows skipped for an unknown code.
 */
import { SEQUENTIAL_SCHEMES, sequentialColor } from '../../colors/sequential-schemes';
import type { ChartTheme } from '../../types';
import { h } from '../dom';

/** The colour legend: a ramp from the smallest to the largest value. */
export interface ChoroplethLegend {
  stops: string[];
  minLabel: string;
  maxLabel: string;
}

/** Heights the legend and the notice take under the map. */
export const LEGEND_HEIGHT = 26;
export const NOTICE_HEIGHT = 20;

/**
 * Sets each area's fill on the linear scheme (the incumbent's id; superset_seq_1 when unknown) by its
 * value between the smallest and the largest; areas without a value get '' (drawn as land). Returns the
 * legend, or null when no area has a value.
 *
 * @example
 * fillByValue('fire', areas, (v) => String(v)); // { stops: ['#ffffcc', '#fd8d3c', '#800026'], minLabel: '1', maxLabel: '9' }
 */
export function fillByValue(scheme: unknown, areas: { value: number | null; fill: string }[], format: (v: number) => string): ChoroplethLegend | null {
  const id = typeof scheme === 'string' && SEQUENTIAL_SCHEMES[scheme] ? scheme : 'superset_seq_1';
  const values = areas.map((a) => a.value).filter((v): v is number => v !== null);
  if (!values.length) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  for (const a of areas) a.fill = a.value === null ? '' : sequentialColor(id, (a.value - min) / (max - min || 1));
  return { stops: [...SEQUENTIAL_SCHEMES[id]], minLabel: format(min), maxLabel: format(max) };
}

/** The colour ramp from the smallest to the largest value, named for screen readers. */
export function legendElement(legend: ChoroplethLegend, metricName: string, theme: ChartTheme, className: string): HTMLElement {
  return h('div', { class: className, role: 'img', 'aria-label': `Legend of ${metricName}: ${legend.minLabel} to ${legend.maxLabel}`, style: `display:flex;align-items:center;gap:6px;height:${LEGEND_HEIGHT}px;font-size:11px;color:${theme.mutedText}` }, [
    h('span', {}, [legend.minLabel]),
    h('i', { style: `display:inline-block;width:120px;height:10px;border-radius:2px;background:linear-gradient(to right,${legend.stops.join(',')})` }),
    h('span', {}, [legend.maxLabel]),
  ]);
}

/** "N rows skipped: unknown code" under the map (a status for screen readers). */
export function skippedNotice(skipped: number, theme: ChartTheme, className: string): HTMLElement {
  return h('div', { class: className, role: 'status', style: `height:${NOTICE_HEIGHT}px;font-size:11px;color:${theme.mutedText}` }, [`${skipped} ${skipped === 1 ? 'row' : 'rows'} skipped: unknown code`]);
}
