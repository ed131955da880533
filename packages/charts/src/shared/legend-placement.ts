/**
 * Puts a chart's legend on the side its form data names (the incumbent's legendOrientation: top, bottom,
 * left, right) and tells the chart how much room is left for its drawing.
 */
import { h } from './dom';

/** The chart's frame: append the drawing to `plot`; `width` and `height` are what the legend left of the card. */
export interface LegendFrame {
  plot: HTMLDivElement;
  width: number;
  height: number;
}

/**
 * Lays out `legend` (or none) around a plot container inside `body`.
 *
 * @example
 * const frame = placeLegend(body, renderLegend(items), 'right', p.width, p.height);
 * frame.plot.append(svgRoot(frame.width, frame.height, label));
 */
export function placeLegend(body: HTMLElement, legend: HTMLElement | undefined, orientation: unknown, width: number, height: number): LegendFrame {
  const side = orientation === 'left' || orientation === 'right';
  const plot = h('div', { style: 'flex:1 1 auto;min-width:0' });
  const frame = h('div', { style: `display:flex;flex-direction:${side ? 'row' : 'column'};align-items:${side ? 'center' : 'stretch'}` });
  body.append(frame);
  if (!legend) {
    frame.append(plot);
    return { plot, width, height };
  }
  // A side legend lists its entries in a column, scrolling when there are more than fit.
  if (side) legend.style.cssText = `flex-direction:column;flex-wrap:nowrap;flex:0 0 auto;max-width:30%;max-height:${height}px;overflow:auto`;
  const after = orientation === 'bottom' || orientation === 'right';
  frame.append(...(after ? [plot, legend] : [legend, plot]));
  return {
    plot,
    width: Math.max(60, width - (side ? legend.offsetWidth : 0)),
    height: Math.max(60, height - (side ? 0 : legend.offsetHeight)),
  };
}

/**
 * The incumbent's legendType: 'scroll' keeps a top or bottom legend on one line that scrolls sideways
 * (so a long legend cannot eat the plot), 'plain' wraps it onto as many lines as it needs. Call before
 * placeLegend, which measures the legend.
 *
 * @example
 * placeLegend(body, applyLegendType(renderLegend(items), 'scroll'), 'top', width, height);
 */
export function applyLegendType<T extends HTMLElement>(legend: T, legendType: unknown): T {
  if (legendType !== 'plain') {
    legend.style.flexWrap = 'nowrap';
    legend.style.overflowX = 'auto';
    legend.style.whiteSpace = 'nowrap';
  }
  return legend;
}
