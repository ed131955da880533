/** SVG word cloud with the deterministic spiral layout; relayout on resize. */
import { h } from '../../shared/dom';
import { mountChart } from '../../shared/mount';
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
      for (const w of layoutWords(p.words, p.width, p.height)) {
        const t = text(w.text, {
          x: w.x,
          y: w.y,
          'text-anchor': 'middle',
          'dominant-baseline': 'middle',
          'font-size': w.size,
          fill: w.color,
          transform: w.rotate ? `rotate(${w.rotate} ${w.x} ${w.y})` : '',
          class: 'bi-word',
        });
        root.append(withTitle(t, `${w.text}: ${w.formatted}`));
      }
      body.replaceChildren(h('div', {}, [root]));
    },
  });
}
