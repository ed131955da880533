/**
 * pop_kpi renderer: the value with an arrow, and under it three chips (#, △, %) with the comparison
 * period's value, the difference and the percentage change. Chips sit in a row, or in a column when the
 * row is wider than the card (the incumbent's overflow switch).
 */
import { h } from '../../shared/dom';
import { mountChart } from '../../shared/mount';
import type { ChartInstance, ChartTheme } from '../../types';
import type { ChangeTone, ComparisonFigure, PopKpiProps } from './types';

const GAP = 20;

/** Text colour of a tone; the neutral one stays readable on light and dark surfaces. */
const toneColor = (tone: ChangeTone, theme: ChartTheme): string => (tone === 'positive' ? theme.positive : tone === 'negative' ? theme.negative : theme.mutedText);

/** A chip's background: a tint of its tone's colour over whatever surface the chart sits on. */
const chipBackground = (tone: ChangeTone, theme: ChartTheme): string =>
  `color-mix(in srgb, ${tone === 'neutral' ? theme.grid : toneColor(tone, theme)} ${tone === 'neutral' ? 60 : 18}%, transparent)`;

function figureNode(figure: ComparisonFigure, p: PopKpiProps): HTMLElement {
  const chip = h('span', {
    class: 'bi-pop-kpi-symbol',
    'aria-hidden': 'true',
    style: `background:${chipBackground(figure.tone, p.theme)};color:${toneColor(figure.tone, p.theme)};padding:2px 8px;border-radius:8px;margin-right:6px`,
  }, [figure.symbol]);
  return h('div', {
    class: 'bi-pop-kpi-figure',
    role: 'listitem',
    title: figure.description,
    'aria-label': `${figure.description}: ${figure.text}`,
    style: `display:flex;align-items:center;white-space:nowrap;font-weight:300;font-size:${p.subheaderPx}px`,
  }, [chip, h('span', {}, [figure.text])]);
}

/**
 * @example
 * renderPopKpi(container, transformPopKpiProps(input));
 */
export function renderPopKpi(element: HTMLElement, props: PopKpiProps): ChartInstance<PopKpiProps> {
  return mountChart(element, props, {
    draw(body, p) {
      const arrow = p.percentChange === 0 ? [] : [h('span', { class: 'bi-pop-kpi-arrow', 'aria-hidden': 'true', style: `color:${toneColor(p.arrowTone, p.theme)};margin-left:4px` }, [p.percentChange > 0 ? '↑' : '↓'])];
      const value = h('div', { class: 'bi-pop-kpi-value', style: `font-size:${p.headerPx}px;text-align:center;margin-bottom:16px;white-space:nowrap` }, [p.formattedValue, ...arrow]);
      const figures = h('div', { class: 'bi-pop-kpi-figures', role: 'list', style: `display:flex;gap:${GAP}px;justify-content:space-around;align-items:center;width:100%` }, p.figures.map((f) => figureNode(f, p)));
      const name = p.metricName === null ? [] : [h('div', { class: 'bi-pop-kpi-metric-name', style: `font-size:${p.metricNamePx}px;color:${p.theme.mutedText};margin-bottom:4px;white-space:nowrap` }, [p.metricName])];
      const subtitle = p.subtitle ? [h('div', { class: 'bi-pop-kpi-subtitle', style: `font-size:${p.subtitlePx}px;margin:-8px 0 16px;text-align:center` }, [p.subtitle])] : [];
      const box = h('div', { class: 'bi-pop-kpi', role: 'figure', 'aria-label': p.ariaLabel, style: `display:flex;flex-direction:column;align-items:center;justify-content:center;height:${p.height}px;overflow:auto;padding:8px;box-sizing:border-box` }, [...name, value, ...subtitle, figures]);
      body.replaceChildren(box);
      // Too wide for a row: stack the chips, left-aligned under each other.
      if (figures.scrollWidth > p.width - 16) figures.style.cssText += ';flex-direction:column;align-items:flex-start;width:auto;gap:8px';
    },
  });
}
