/**
 * The prompt a chart shows instead of drawing a result above the blocking row threshold. Loaded by the
 * render shell (mount.ts) only for such a result: charts of ordinary size never download it, which keeps
 * <bi-chart>'s first load within its budget (DESIGN.md "Performance budget").
 */
import { h } from './dom';
import { ROW_BLOCK_THRESHOLD } from './row-threshold';

/** The prompt's rules, carried with it (BASE_CHART_CSS holds only what a drawn chart uses). */
const ROW_GATE_CSS = `
.bi-gate{display:flex;flex-direction:column;gap:8px;align-items:center;justify-content:center;height:100%;text-align:center;padding:16px}
.bi-gate button{font:inherit;padding:4px 12px;border-radius:var(--bi-radius,4px);border:1px solid var(--bi-color-border,#e0e0e0);background:var(--bi-color-surface,#fff);color:var(--bi-color-text,#323232);cursor:pointer}
`;

/**
 * The prompt's nodes, to put in a chart's body; `confirm` runs when the user chooses to draw anyway.
 *
 * @example
 * body.replaceChildren(...rowGatePanel(600000, () => draw()));
 */
export function rowGatePanel(rowcount: number, confirm: () => void): Node[] {
  const button = h('button', { type: 'button' }, ['Render anyway']);
  button.addEventListener('click', confirm);
  return [
    h('style', {}, [ROW_GATE_CSS]),
    h('div', { class: 'bi-gate', role: 'alert' }, [
      h('p', {}, [`This chart has ${rowcount} rows, more than ${ROW_BLOCK_THRESHOLD}. Drawing it may freeze the page.`]),
      button,
    ]),
  ];
}
