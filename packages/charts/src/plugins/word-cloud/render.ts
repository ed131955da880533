/** SVG word cloud with the deterministic spiral layout; relayout on resize. */
import { legibleOn } from '../../colors/readable-text';
import { h } from '../../shared/dom';
import { mountChart } from '../../shared/mount';
import { resolveCssColor } from '../../shared/theme-colors';
import type { ChartInstance } from '../../types';
import { svgRoot, text, withTitle } from '../svg-common/svg';
import { layoutWords } from './layout';
import type { WordCloudProps } from './types';

/**
 * @example
 * renderWordCloud(container, transformWordCloudProps(input));
 */
export function renderWordCloud(element: HTMLElement, props: WordCloudProps): ChartInstance<WordCloudProps> {
  return mountChart(element, props, {
    draw(body, p) {
      const root = svgRoot(p.width, p.height, p.ariaLabel);
      // Words are text on the chart's background: a dark series colour on the dark theme is lifted to read.
      const background = resolveCssColor(body, p.theme.background);
      for (const w of layoutWords(p.words, p.width, p.height)) {
        const t = text(w.text, {
          x: w.x,
          y: w.y,
          'text-anchor': 'middle',
          'dominant-baseline': 'middle',
          'font-size': w.size,
          fill: legibleOn(w.color, background),
          transform: w.rotate ? `rotate(${w.rotate} ${w.x} ${w.y})` : '',
          class: 'bi-word',
        });
        root.append(withTitle(t, `${w.text}: ${w.formatted}`));
      }
      body.replaceChildren(h('div', {}, [root]));
    },
    redrawOnThemeChange: true,
  });
}
