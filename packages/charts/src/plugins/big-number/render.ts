/** Big-number renderer: DOM header and subheader sized to fit the card, optional uPlot trendline below. */
import uPlot from 'uplot';
import { h } from '../../shared/dom';
import { mountChart } from '../../shared/mount';
import { UPLOT_CSS } from '../../shared/uplot-css';
import type { ChartInstance } from '../../types';
import { bigNumberLayout, fitFontSize, type TextMeasure } from './layout';
import type { BigNumberProps } from './types';

/** Width of a line of text as drawn; null when the element is not laid out (detached, or no layout engine). */
const measureElement = (el: HTMLElement): number | null => {
  const width = el.getBoundingClientRect().width;
  return width > 0 ? width : null;
};

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
      const layout = bigNumberLayout(p);
      const changeColor = p.percentChange === null ? p.theme.mutedText : p.percentChange >= 0 ? p.theme.positive : p.theme.negative;
      // Each line is an inline block that never wraps: its measured width is the text's own width.
      const line = 'display:inline-block;white-space:nowrap;max-width:none';
      const headerText = h('span', { class: 'bi-big-number-value', style: `${line};font-size:${layout.headerPx}px` }, [p.formattedValue]);
      const subText = h('span', { style: `${line};font-size:${layout.subheaderPx}px` }, [p.subheader]);
      const text = h('div', { class: 'bi-big-number', role: 'figure', 'aria-label': p.ariaLabel, style: `text-align:center;padding:${layout.padding}px` }, [
        h('div', { class: 'bi-big-number-header', style: 'font-weight:600;line-height:1.1' }, [headerText]),
        ...(p.subheader ? [h('div', { class: 'bi-big-number-subheader', style: `line-height:1.3;color:${changeColor}` }, [subText])] : []),
      ]);
      body.replaceChildren(text);
      if (p.trendline) body.append(h('style', {}, [UPLOT_CSS]));
      // Shrink to fit the card's width (the value must never lose digits to the card's edge): measured in
      // the page, estimated where nothing is laid out.
      const fit = (el: HTMLElement, content: string, target: number, min: number): number => {
        const measure: TextMeasure = (px) => {
          el.style.fontSize = `${px}px`;
          return measureElement(el);
        };
        const px = fitFontSize(content, target, layout.innerWidth, min, measure);
        el.style.fontSize = `${px}px`;
        // Narrower than the smallest font: wrap between characters rather than cut digits off.
        if ((measureElement(el) ?? 0) > layout.innerWidth) el.style.cssText += ';white-space:normal;word-break:break-all;max-width:100%';
        return px;
      };
      const headerPx = fit(headerText, p.formattedValue, layout.headerPx, layout.minHeaderPx);
      if (p.subheader) fit(subText, p.subheader, layout.subheaderPx, layout.minSubheaderPx);
      if (!p.trendline) return;
      // The trendline takes the height the text leaves, and at least its share of the card.
      const textHeight = text.getBoundingClientRect().height || layout.estimatedTextHeight(headerPx);
      const trendHeight = Math.max(layout.minTrendHeight, Math.floor(p.height - textHeight));
      const box = h('div', { role: 'img', 'aria-label': `Trend of ${p.ariaLabel}` });
      body.append(box);
      plot = new uPlot(
        {
          width: p.width,
          height: trendHeight,
          ms: 1,
          legend: { show: false },
          cursor: { show: false },
          axes: [{ show: false }, { show: false }],
          // start_y_axis_at_zero keeps a trend of large values from looking like a cliff.
          scales: p.startYAxisAtZero ? { y: { range: (_u, min, max) => [Math.min(0, min), Math.max(0, max)] } } : {},
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
