/** Big-number renderer: DOM header and subheader, optional uPlot trendline below. */
import uPlot from 'uplot';
import { h } from '../../shared/dom';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import type { BigNumberProps } from './types';

/**
 * @example
 * renderBigNumber(container, transformBigNumberProps(input));
 */
export function renderBigNumber(element: HTMLElement, props: BigNumberProps): ChartInstance<BigNumberProps> {
  let plot: uPlot | undefined;
  return mountChart(element, props, {
    draw(body, p) {
      plot?.destroy();
      plot = undefined;
      const headerPx = Math.round(p.height * (p.trendline ? 0.5 : 1) * p.headerFontSize);
      const subPx = Math.round(p.height * p.subheaderFontSize * 0.5);
      const changeColor = p.percentChange === null ? p.theme.mutedText : p.percentChange >= 0 ? p.theme.positive : p.theme.negative;
      body.replaceChildren(
        h('div', { class: 'bi-big-number', role: 'figure', 'aria-label': p.ariaLabel, style: 'text-align:center;padding:8px' }, [
          h('div', { class: 'bi-big-number-header', style: `font-size:${headerPx}px;font-weight:600;line-height:1.1` }, [p.formattedValue]),
          h('div', { class: 'bi-big-number-subheader', style: `font-size:${Math.max(10, subPx)}px;color:${changeColor}` }, [p.subheader]),
        ]),
      );
      if (!p.trendline) return;
      const box = h('div', { role: 'img', 'aria-label': `Trend of ${p.ariaLabel}` });
      body.append(box);
      plot = new uPlot(
        {
          width: p.width,
          height: Math.max(40, Math.round(p.height * 0.45)),
          ms: 1,
          legend: { show: false },
          cursor: { show: false },
          axes: [{ show: false }, { show: false }],
          series: [{}, { stroke: p.color, width: 2, fill: p.color.replace(/,\s*[\d.]+\)$/, ',0.15)') }],
        },
        p.trendline as uPlot.AlignedData,
        box,
      );
    },
    destroy() {
      plot?.destroy();
    },
  });
}
