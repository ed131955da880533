/**
 * Handlebars renderer: the template's output through the dashboard markdown's whitelist (sanitizeHtml:
 * no script, handler or javascript: URL survives), in a scrolling region that keeps the theme's colours.
 */
import { h } from '../../shared/dom';
import { mountChart } from '../../shared/mount';
import { sanitizeCss } from '../../shared/sanitize-css';
import { sanitizeHtml } from '../../shared/sanitize-html';
import type { ChartInstance } from '../../types';
import type { HandlebarsProps } from './types';

/** Links and tables in the output read on light and dark surfaces alike. */
const CSS = `.bi-handlebars{overflow:auto;height:100%;box-sizing:border-box;padding:8px;line-height:1.45}
.bi-handlebars a{color:var(--bi-color-primary,#20a7c9)}
.bi-handlebars table{border-collapse:collapse}
.bi-handlebars th,.bi-handlebars td{border:1px solid var(--bi-color-border,#e0e0e0);padding:4px 8px;text-align:left}`;

/** Counts mounted charts, for each one's style scope. */
let instances = 0;

/**
 * @example
 * renderHandlebars(container, transformHandlebarsProps(input));
 */
export function renderHandlebars(element: HTMLElement, props: HandlebarsProps): ChartInstance<HandlebarsProps> {
  // A class of this chart's own: its styleTemplate is scoped to it, so two handlebars charts on one
  // dashboard cannot restyle each other (or anything else on the page).
  const scope = `bi-handlebars-${++instances}`;
  return mountChart(element, props, {
    draw(body, p) {
      const region = h('div', { class: `bi-handlebars ${scope}`, role: 'region', 'aria-label': p.ariaLabel, tabindex: '0', style: `height:${p.height}px` });
      region.innerHTML = sanitizeHtml(p.html);
      const userCss = p.styleTemplate.trim() ? [h('style', {}, [sanitizeCss(p.styleTemplate, `.${scope}`)])] : [];
      body.replaceChildren(h('style', {}, [CSS]), ...userCss, region);
    },
    // The output flows with the width: a resize only changes the region's height.
    resize(_width, height) {
      const region = element.querySelector<HTMLElement>('.bi-handlebars');
      if (region) region.style.height = `${height}px`;
      return region !== null;
    },
  });
}
