/** The x axis's tick placement and labels that keep apart (uPlot draws them on the canvas). */
import type uPlot from 'uplot';
import { CATEGORY_LABEL_MAX, estimateLabelWidth, thinnedIndices, truncateLabel } from '../../shared/label-fit';
import { timeTicksNeedYear } from '../../shared/year-aware-time';
import type { TimeseriesProps } from './types';

const MONTHS_APART = 45 * 24 * 3600 * 1000;
/** The widest month smart_date writes alone on a tick ('September'). */
const LONGEST_MONTH = 'September';

/**
 * The room between time ticks: labels that carry the year ('Sep 2003') get 72 px; ticks a month or more
 * apart within one year read as full month names, so they get the widest one's width and a gap (never
 * 'SeptemberDecember'); days and hours keep 56 px.
 *
 * @example
 * timeTickSpace(Date.UTC(thisYear, 0, 1), Date.UTC(thisYear, 11, 1), 12); // 85
 */
export function timeTickSpace(min: number, max: number, fontSize: number): number {
  if (timeTicksNeedYear(min, max)) return 72;
  return Math.abs(max - min) > MONTHS_APART ? Math.max(56, Math.ceil(estimateLabelWidth(LONGEST_MONTH, fontSize)) + 16) : 56;
}

/**
 * Where x ticks go: a time axis leaves room for labels that carry the year; a category axis labels every
 * k-th category so the labels do not overlap, and cuts long ones (the tooltip shows the full label).
 *
 * @example
 * axes: [{ values, ...xAxisSpacing(props) }]
 */
export function xAxisSpacing(props: TimeseriesProps): Partial<uPlot.Axis> {
  if (props.xMode === 'time') return { space: (_u, _i, min, max) => timeTickSpace(min, max, props.theme.fontSize) };
  if (props.xMode !== 'category') return {};
  const labels = props.xLabels.map((l) => truncateLabel(l, CATEGORY_LABEL_MAX, props.theme.fontSize));
  const widest = labels.reduce((w, l) => Math.max(w, estimateLabelWidth(l, props.theme.fontSize)), 0);
  return {
    // bbox is in canvas pixels; the labels' widths are CSS pixels.
    splits: (u) => thinnedIndices(labels.length, u.bbox.width / devicePixelRatio, widest + 8),
    values: (u, splits) => splits.map((v) => (Number.isInteger(v) ? truncateLabel(labels[v] ?? '', edgeRoom(u, v), props.theme.fontSize) : '')),
  };
}

/**
 * Room in CSS px for a label centred on category `v` before it would pass the plot's right edge (or the
 * canvas's left one). Measured on the plot box, which uPlot has sized when it asks for labels (the canvas
 * may still have its previous size then).
 */
function edgeRoom(u: uPlot, v: number): number {
  const x = u.valToPos(v, 'x', true);
  return (2 * Math.min(x, u.bbox.left + u.bbox.width - x)) / devicePixelRatio - 2;
}
