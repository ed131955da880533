/**
 * The shared render shell: a root element with base styles, the row-threshold gate, microtask-batched
 * redraws and resize. Each plugin supplies a small painter; drawing code never deals with scheduling.
 */
import type { ChartInstance, ChartTheme, CrossFilterProps } from '../types';
import { BASE_CHART_CSS, createMicrotaskScheduler, h } from './dom';
import { RENDERED_EVENT } from './rendered-event';
import { ROW_WARNING_THRESHOLD, type RowGate } from './row-threshold';

export { RENDERED_EVENT } from './rendered-event';

/** The empty-state panel and the row gate's prompt, imported when first shown (most charts never need them). */
let emptyStateModule: Promise<typeof import('./empty-state')> | undefined;
let rowGateModule: Promise<typeof import('./row-gate-panel')> | undefined;

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
  /** Set by painters that paint resolved theme colours (canvas): they redraw when the page's theme changes. */
  redrawOnThemeChange?: boolean;
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
  let emptied = false;
  let resizeOnly = false;
  let destroyed = false;

  const applyRootStyle = () => {
    root.style.width = `${props.width}px`;
    root.style.height = `${props.height}px`;
    root.style.color = props.theme.text;
    root.style.font = `${props.theme.fontSize}px ${props.theme.fontFamily}`;
  };

  const rendered = () => element.dispatchEvent(new CustomEvent(RENDERED_EVENT, { bubbles: true, composed: true }));

  const run = () => {
    applyRootStyle();
    if (props.gate.blocked && !confirmed) {
      showGate();
      return;
    }
    if (props.gate.rowcount === 0) {
      // Every chart type answers zero rows the same way, whatever its painter would make of no data.
      showEmpty();
      return;
    }
    if (gated || emptied) {
      body.replaceChildren();
      gated = false;
      emptied = false;
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
    painter.draw(body, props, drawn, rendered);
    drawn = props;
    if (!painter.asyncRendered) rendered();
  };
  const scheduler = createMicrotaskScheduler(run);
  if (painter.redrawOnThemeChange) watchThemeChanges(root, () => {
    resizeOnly = false;
    scheduler.schedule();
  });

  function showEmpty() {
    emptied = true;
    drawn = undefined;
    root.querySelector(':scope > .bi-warning')?.remove();
    body.replaceChildren();
    const shown = props;
    emptyStateModule ??= import('./empty-state');
    emptyStateModule.then(
      ({ emptyStatePanel }) => {
        // A newer update, resize or destroy took over while the panel's code downloaded: it shows its own.
        if (props !== shown || destroyed) return;
        body.replaceChildren(...emptyStatePanel(props.height, props.theme.mutedText));
        rendered();
      },
      // Without the panel's code (offline, a deploy replaced the chunk) the chart stays blank but done.
      () => props === shown && !destroyed && rendered(),
    );
  }

  function showGate() {
    gated = true;
    body.replaceChildren();
    const shown = props;
    rowGateModule ??= import('./row-gate-panel');
    rowGateModule.then(
      ({ rowGatePanel }) => {
        // A newer update, resize or destroy took over while the prompt's code downloaded: it shows its own.
        if (props !== shown || destroyed) return;
        body.replaceChildren(
          ...rowGatePanel(props.gate.rowcount, () => {
            confirmed = true;
            scheduler.schedule();
          }),
        );
      },
      // Without the prompt's code (offline) the chart stays blank rather than draw and freeze the page.
      () => undefined,
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
      destroyed = true;
      scheduler.cancel();
      painter.destroy?.();
      root.remove();
    },
  };
}

/**
 * Calls `onChange` when the root's theme text colour changes (light to dark, a host's new token, the OS
 * preference in system mode). CSS variables fire no event, but the root's colour is `var(--bi-color-text)`
 * with a 1 ms transition (BASE_CHART_CSS), and a transition that ends is an event.
 */
function watchThemeChanges(root: HTMLElement, onChange: () => void): void {
  root.addEventListener('transitionend', (event) => {
    if (event.target === root && event.propertyName === 'color') onChange();
  });
}
