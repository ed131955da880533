/**
 * The shared render shell: a root element with base styles, the row-threshold gate, microtask-batched
 * redraws and resize. Each plugin supplies a small painter; drawing code never deals with scheduling.
 */
import type { ChartInstance, ChartTheme, CrossFilterProps } from '../types';
import { BASE_CHART_CSS, createMicrotaskScheduler, h } from './dom';
import { ROW_BLOCK_THRESHOLD, ROW_WARNING_THRESHOLD, type RowGate } from './row-threshold';

/** DOM event dispatched on the host element after each completed draw ("rendering succeeded"). */
export const RENDERED_EVENT = 'bi-chart-rendered';

/** Props every chart's render receives. */
export interface BaseChartProps extends CrossFilterProps {
  width: number;
  height: number;
  theme: ChartTheme;
  gate: RowGate;
  /** Summary read by screen readers (canvas and SVG charts). */
  ariaLabel: string;
}

/** A plugin's drawing code. */
export interface Painter<P extends BaseChartProps> {
  /**
   * Draws into `body`. `rendered` must be called once the pixels are on screen when `asyncRendered`
   * is set (canvas libraries that draw later); otherwise the shell signals right after draw returns.
   */
  draw(body: HTMLElement, props: P, previous: P | undefined, rendered: () => void): void;
  asyncRendered?: boolean;
  /** Handles a size change cheaply; return false to request a full draw. */
  resize?(width: number, height: number, props: P): boolean;
  destroy?(): void;
}

/**
 * Mounts a chart with a painter.
 *
 * @example
 * export const render = (el: HTMLElement, props: PieProps) => mountChart(el, props, createPiePainter());
 */
export function mountChart<P extends BaseChartProps>(element: HTMLElement, initial: P, painter: Painter<P>): ChartInstance<P> {
  const root = h('div', { class: 'bi-chart' });
  const style = h('style', {}, [BASE_CHART_CSS]);
  const body = h('div', { class: 'bi-chart-body' });
  root.append(style, body);
  element.append(root);
  let props = initial;
  let drawn: P | undefined;
  let confirmed = false;
  let gated = false;
  let resizeOnly = false;

  const applyRootStyle = () => {
    root.style.width = `${props.width}px`;
    root.style.height = `${props.height}px`;
    root.style.color = props.theme.text;
    root.style.font = `${props.theme.fontSize}px ${props.theme.fontFamily}`;
  };

  const run = () => {
    applyRootStyle();
    if (props.gate.blocked && !confirmed) {
      showGate();
      return;
    }
    if (gated) {
      body.replaceChildren();
      gated = false;
      drawn = undefined;
    }
    if (resizeOnly && drawn && painter.resize?.(props.width, props.height, props)) {
      resizeOnly = false;
      drawn = props;
      return;
    }
    resizeOnly = false;
    root.querySelector(':scope > .bi-warning')?.remove();
    if (props.gate.rowState === 'warn') {
      root.insertBefore(
        h('div', { class: 'bi-warning', role: 'status' }, [`${props.gate.rowcount} rows: more than ${ROW_WARNING_THRESHOLD}, drawing may be slow.`]),
        body,
      );
    }
    const rendered = () => element.dispatchEvent(new CustomEvent(RENDERED_EVENT, { bubbles: true, composed: true }));
    painter.draw(body, props, drawn, rendered);
    drawn = props;
    if (!painter.asyncRendered) rendered();
  };
  const scheduler = createMicrotaskScheduler(run);

  function showGate() {
    gated = true;
    const button = h('button', { type: 'button' }, ['Render anyway']);
    button.addEventListener('click', () => {
      confirmed = true;
      scheduler.schedule();
    });
    body.replaceChildren(
      h('div', { class: 'bi-gate', role: 'alert' }, [
        h('p', {}, [`This chart has ${props.gate.rowcount} rows, more than ${ROW_BLOCK_THRESHOLD}. Drawing it may freeze the page.`]),
        button,
      ]),
    );
  }

  scheduler.schedule();
  return {
    update(next) {
      props = next;
      resizeOnly = false;
      scheduler.schedule();
    },
    resize(width, height) {
      if (width === props.width && height === props.height) return;
      props = { ...props, width, height };
      if (drawn) resizeOnly = true;
      scheduler.schedule();
    },
    destroy() {
      scheduler.cancel();
      painter.destroy?.();
      root.remove();
    },
  };
}
