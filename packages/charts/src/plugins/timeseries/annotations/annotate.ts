/**
 * The annotation layers of a time-series chart, drawn with its uPlot plot. The renderer (../render.ts)
 * downloads this module only for a chart whose form data shows annotation layers, and this one downloads the
 * formula evaluator (formula.ts, mathjs) only for a chart that shows a formula layer: a chart without them
 * never loads either.
 */
import uPlot from 'uplot';
import { h } from '../../../shared/dom';
import { getTimeFormatter } from '../../../shared/format';
import type { TimeseriesAnnotations, TimeseriesProps } from '../types';
import { drawIntervals, drawLinesAndEvents, marksAt } from './draw';
import { annotationMarks, linesExtent, type AnnotationMarks, type Formula, type XRange } from './marks';

/** Draws one chart's annotation layers: what render.ts keeps between draws. */
export interface Annotator {
  /** The annotations it was prepared for (their formulas compiled): a new set needs a new annotator. */
  annotations: TimeseriesAnnotations;
  /**
   * The plot's options with the annotations added (hooks that paint them, a y axis that takes their lines
   * in, a height that leaves room for the notes it adds under the plot). `plotBox` is the plot's element,
   * in the chart body.
   */
  annotate(opts: uPlot.Options, props: TimeseriesProps, plotBox: HTMLElement): uPlot.Options;
}

let formulaModule: Promise<typeof import('./formula')> | undefined;

/** Each formula layer's compiled formula, or the note of one that cannot be drawn. */
async function compileFormulas(annotations: TimeseriesAnnotations): Promise<Map<string, Formula | string>> {
  const layers = annotations.layers.filter((l) => l.annotationType === 'FORMULA');
  const formulas = new Map<string, Formula | string>();
  if (!layers.length) return formulas;
  try {
    const { compileFormula } = await (formulaModule ??= import('./formula'));
    for (const layer of layers) {
      try {
        formulas.set(layer.name, compileFormula(String(layer.value ?? '')));
      } catch (error) {
        formulas.set(layer.name, `its formula ${error instanceof Error ? error.message : 'cannot be read'}`);
      }
    }
  } catch {
    // Offline, or a deploy replaced the chunk: the other layers still draw.
    formulaModule = undefined;
    for (const layer of layers) formulas.set(layer.name, 'the formula evaluator could not be downloaded');
  }
  return formulas;
}

/**
 * Prepares a chart's annotations: compiles its formulas (downloading the evaluator if it has any).
 *
 * @example
 * const annotator = await prepareAnnotations(props.annotations);
 * new uPlot(annotator.annotate(opts, props, plotBox), props.data, plotBox);
 */
export async function prepareAnnotations(annotations: TimeseriesAnnotations): Promise<Annotator> {
  const formulas = await compileFormulas(annotations);
  return { annotations, annotate: (opts, props, plotBox) => annotate(opts, props, plotBox, annotations, formulas) };
}

/** The x axis' kind and the range of the chart's x values. */
function xRangeOf(props: TimeseriesProps): XRange {
  let min = Infinity;
  let max = -Infinity;
  for (const v of props.data[0]) {
    if (v === null || !Number.isFinite(v)) continue;
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  return min <= max ? { mode: props.xMode, min, max } : { mode: props.xMode, min: 0, max: 0 };
}

/** The y scale with the lines' extent taken in: the chart's own range over the union of both. */
function withExtent(scale: uPlot.Scale | undefined, extent: [number, number]): uPlot.Scale {
  const range = scale?.range;
  return {
    ...scale,
    range: (u, lo, hi, key) => {
      const low = lo === null ? extent[0] : Math.min(lo, extent[0]);
      const high = hi === null ? extent[1] : Math.max(hi, extent[1]);
      if (typeof range === 'function') return range(u, low, high, key);
      return scale?.distr === 3 ? uPlot.rangeLog(low, high, 10, true) : uPlot.rangeNum(low, high, 0.1, true);
    },
  };
}

const SR_ONLY = 'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;margin:0;padding:0';
const TIP_STYLE =
  'position:absolute;pointer-events:none;z-index:2;display:none;max-width:320px;padding:6px 8px;border-radius:4px;white-space:pre-line;' +
  'background:var(--bi-color-surface,#fff);color:var(--bi-color-text,#323232);border:1px solid var(--bi-color-border,#e0e0e0);box-shadow:0 1px 4px rgba(0,0,0,.25)';

/** A screen reader's list of the events and intervals (the canvas shows them to sighted users only). */
function describeMarks(marks: AnnotationMarks, props: TimeseriesProps): HTMLElement | null {
  const when = (v: number) => (props.xMode === 'time' ? getTimeFormatter('%Y-%m-%d %H:%M').format(v) : String(v));
  const items = [
    ...marks.events.map((e) => `${e.label.replace(/\n+/g, ': ')} (${when(e.x)})`),
    ...marks.intervals.map((i) => `${i.label.replace(/\n+/g, ': ')} (${when(i.start)} to ${when(i.end)})`),
    ...marks.lines.map((l) => `${l.name}: annotation line`),
  ];
  return items.length ? h('ul', { 'aria-label': 'Annotations', style: SR_ONLY }, items.map((text) => h('li', {}, [text]))) : null;
}

/**
 * Legend entries of the line layers (formulas, other charts' series), after the chart's own, each toggling
 * its layer: the incumbent's legend lists them too. Only in a chart that shows its legend.
 */
function addLegendEntries(body: HTMLElement, marks: AnnotationMarks, hidden: Set<string>, redraw: () => void): void {
  const legend = body.querySelector('.bi-legend');
  if (!legend) return;
  const layers = new Map(marks.lines.map((l) => [l.layer, l.stroke.color]));
  for (const [layer, color] of layers) {
    const button = h('button', { type: 'button', 'aria-pressed': 'true' }, [h('i', { style: `background:${color}` }), layer]);
    button.addEventListener('click', () => {
      const shown = hidden.has(layer);
      if (shown) hidden.delete(layer);
      else hidden.add(layer);
      button.setAttribute('aria-pressed', String(shown));
      redraw();
    });
    legend.append(h('li', {}, [button]));
  }
}

/** Shows the labels of the marks under the cursor in a tip at the bottom of the plot. */
function hoverTip(plotBox: HTMLElement, marks: AnnotationMarks): (u: uPlot) => void {
  const tip = h('div', { class: 'bi-annotation-tip', role: 'tooltip', style: TIP_STYLE });
  plotBox.append(tip);
  return (u) => {
    const left = u.cursor.left;
    const labels = left === undefined || left < 0 ? [] : marksAt(u, marks, left);
    if (!labels.length) {
      tip.style.display = 'none';
      return;
    }
    tip.textContent = labels.join('\n\n');
    tip.style.display = 'block';
    const over = u.over;
    const x = over.offsetLeft + left! + 12;
    tip.style.left = `${x + tip.offsetWidth > plotBox.clientWidth ? Math.max(0, x - 24 - tip.offsetWidth) : x}px`;
    tip.style.top = `${Math.max(0, over.offsetTop + over.clientHeight - tip.offsetHeight - 4)}px`;
  };
}

/**
 * A hook that never breaks the chart: layers come from saved form data and other charts' rows, anyone's, and
 * a failure in one must leave the chart itself drawn.
 */
function safely(hook: (u: uPlot) => void): (u: uPlot) => void {
  return (u) => {
    try {
      hook(u);
    } catch (error) {
      console.warn('Lumen: an annotation layer could not be drawn', error);
    }
  };
}

/** The options with the annotations added, or with a note that they could not be (the chart draws regardless). */
function annotate(opts: uPlot.Options, props: TimeseriesProps, plotBox: HTMLElement, annotations: TimeseriesAnnotations, formulas: Map<string, Formula | string>): uPlot.Options {
  try {
    return withAnnotations(opts, props, plotBox, annotations, formulas);
  } catch (error) {
    console.warn('Lumen: the annotation layers could not be drawn', error);
    plotBox.parentElement?.append(h('div', { class: 'bi-warning bi-annotation-note', role: 'status' }, ['The annotation layers could not be drawn.']));
    return opts;
  }
}

function withAnnotations(opts: uPlot.Options, props: TimeseriesProps, plotBox: HTMLElement, annotations: TimeseriesAnnotations, formulas: Map<string, Formula | string>): uPlot.Options {
  const x = xRangeOf(props);
  const marks = annotationMarks(annotations, x, formulas, props.markerSize);
  const body = plotBox.parentElement ?? plotBox;
  const before = body.offsetHeight;
  const hidden = new Set<string>();
  let plot: uPlot | undefined;
  addLegendEntries(body, marks, hidden, () => plot?.redraw(false));
  // The notes of layers that draw nothing, under the plot, as the chart's other notices.
  for (const note of marks.skipped) body.append(h('div', { class: 'bi-warning bi-annotation-note', role: 'status' }, [note]));
  // Beside the plot, not in it: the plot is role=img, whose content screen readers do not read.
  const described = describeMarks(marks, props);
  if (described) body.append(described);
  const hooks = opts.hooks ?? {};
  const extent = linesExtent(marks.lines, x);
  // What the legend's new entries and the notes take is the plot's, now and after a resize (which sizes the
  // plot to the chart less its legend: render.ts knows nothing of what is added here).
  const taken = body.offsetHeight - before;
  let height = Math.max(50, opts.height - taken);
  const keepRoom = (u: uPlot) => {
    if (!taken || u.height === height) return;
    height = Math.max(50, u.height - taken);
    u.setSize({ width: u.width, height });
  };
  return {
    ...opts,
    height,
    scales: extent ? { ...opts.scales, y: withExtent(opts.scales?.y, extent) } : opts.scales,
    hooks: {
      ...hooks,
      ready: [(u) => void (plot = u), ...(hooks.ready ?? [])],
      drawAxes: [...(hooks.drawAxes ?? []), safely((u) => drawIntervals(u, marks.intervals, props.theme))],
      // Before the chart's own draw hooks: the one that reports the chart rendered runs once these are painted.
      draw: [safely((u) => drawLinesAndEvents(u, marks, hidden, props.theme)), ...(hooks.draw ?? [])],
      setCursor: [...(hooks.setCursor ?? []), safely(hoverTip(plotBox, marks))],
      setSize: [...(hooks.setSize ?? []), keepRoom],
    },
  };
}
