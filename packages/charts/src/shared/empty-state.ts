/**
 * The empty-state panel every chart type shows for zero rows. Loaded by the render shell (mount.ts) only when
 * a result has no rows: a chart with data never downloads it, which keeps <bi-chart>'s first load within its
 * budget (DESIGN.md "Performance budget").
 */
import { h } from './dom';

/** The empty-state panel's texts (spec 2: the empty-state panel's default title and description). */
export const EMPTY_STATE_TITLE = 'No results';
export const EMPTY_STATE_DESCRIPTION = 'There is currently no information to display.';

/** The panel's rules, carried with it (BASE_CHART_CSS holds only what a chart with data uses). */
const EMPTY_STATE_CSS = `
.bi-empty-state{display:flex;flex-direction:column;gap:4px;align-items:center;justify-content:center;height:100%;text-align:center;padding:8px;overflow:hidden}
.bi-empty-state p{margin:0}
.bi-empty-state__title{font-size:1.15em;font-weight:600}
`;

/**
 * The panel's nodes, to put in a chart's body.
 *
 * @example
 * body.replaceChildren(...emptyStatePanel(200, theme.mutedText));
 */
export function emptyStatePanel(height: number, mutedText: string): Node[] {
  return [
    h('style', {}, [EMPTY_STATE_CSS]),
    h('div', { class: 'bi-empty-state', role: 'status', style: `height:${height}px` }, [
      h('p', { class: 'bi-empty-state__title' }, [EMPTY_STATE_TITLE]),
      h('p', { class: 'bi-empty-state__description', style: `color:${mutedText}` }, [EMPTY_STATE_DESCRIPTION]),
    ]),
  ];
}
