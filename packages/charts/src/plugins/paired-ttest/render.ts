/** HTML tables of the paired t-test: one per metric, a row per group, compared against a control row. */
import { h } from '../../shared/dom';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import { compareRows } from './compare-rows';
import type { PairedTTestProps, TTestRow, TTestTable } from './types';

const CSS = `.bi-ttest{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums;margin-bottom:12px}
.bi-ttest caption{text-align:left;font-weight:600;padding:4px 8px}
.bi-ttest th,.bi-ttest td{padding:4px 8px;border-bottom:1px solid var(--bi-color-border,#e0e0e0);text-align:left}
.bi-ttest .bi-ttest-num{text-align:right}
.bi-ttest thead th{position:sticky;top:0;background:var(--bi-color-surface,#fff)}
.bi-ttest tbody tr{cursor:pointer}
.bi-ttest tbody tr:hover{background:var(--bi-color-hover,rgba(127,127,127,.12))}
.bi-ttest tbody tr[aria-selected=true]{background:var(--bi-color-selected,rgba(32,167,201,.18))}
.bi-ttest tbody tr:focus-visible{outline:2px solid var(--bi-color-primary,#20a7c9);outline-offset:-2px}`;

/**
 * The first row of each table starts as the control (as the incumbent's does); clicking a row, or Enter
 * or Space on a focused one, makes it the control and recomputes the p-values and lifts of the others.
 *
 * @example
 * renderPairedTTest(container, transformPairedTTestProps(input));
 */
export function renderPairedTTest(element: HTMLElement, props: PairedTTestProps): ChartInstance<PairedTTestProps> {
  // Each metric's chosen control survives redraws (resize, theme), like the incumbent's component state.
  const controls = new Map<string, number>();
  return mountChart(element, props, {
    draw(body, p) {
      body.replaceChildren();
      const scroller = h('div', { class: 'bi-ttest-scroll', role: 'group', 'aria-label': p.ariaLabel, style: `height:${p.height}px;overflow:auto;font-family:${p.theme.fontFamily};font-size:${p.theme.fontSize}px;color:${p.theme.text}` });
      for (const table of p.tables) {
        const holder = h('div');
        const fill = (focusRow?: number) => {
          const control = Math.min(controls.get(table.metric) ?? 0, Math.max(0, table.groups.length - 1));
          holder.replaceChildren(tTestTable(p, table, control, (row) => {
            controls.set(table.metric, row);
            fill(row);
          }));
          if (focusRow !== undefined) holder.querySelectorAll<HTMLTableRowElement>('tbody tr')[focusRow]?.focus();
        };
        fill();
        scroller.append(holder);
      }
      body.append(h('style', {}, [CSS]), scroller);
    },
  });
}

/** One metric's table against its control row. */
function tTestTable(p: PairedTTestProps, table: TTestTable, control: number, onControl: (row: number) => void): HTMLTableElement {
  const rows = compareRows(table, control, p);
  const head = h('tr', {}, [
    ...p.groupColumns.map((label) => h('th', { scope: 'col' }, [label])),
    h('th', { scope: 'col', class: 'bi-ttest-num' }, ['p-value']),
    h('th', { scope: 'col', class: 'bi-ttest-num' }, ['Lift %']),
    h('th', { scope: 'col' }, ['Significant']),
  ]);
  const controlName = table.groups[control]?.join(', ') ?? '';
  const body = h('tbody', {}, rows.map((row, i) => tableRow(p, table.groups[i], row, i === control, controlName, () => onControl(i))));
  return h('table', { class: 'bi-ttest' }, [
    h('caption', {}, [table.metric]),
    h('thead', {}, [head]),
    body,
  ]);
}

function tableRow(p: PairedTTestProps, group: string[], row: TTestRow, isControl: boolean, controlName: string, choose: () => void): HTMLTableRowElement {
  const name = group.join(', ');
  const liftColor = row.liftStatus === 'up' ? p.theme.positive : row.liftStatus === 'down' ? p.theme.negative : p.theme.mutedText;
  const significant = row.significant === 'control' ? 'control' : String(row.significant);
  const tr = h('tr', {
    tabindex: 0,
    'aria-selected': String(isControl),
    title: isControl ? `${name} is the control` : `Compared with ${controlName}; click to make ${name} the control`,
    'aria-label': isControl
      ? `${name}: the control`
      : `${name} against ${controlName}: p-value ${row.pValue}, lift ${row.lift}%, ${row.significant === true ? 'significant' : 'not significant'} at ${p.alpha}`,
  }, [
    ...group.map((g) => h('td', {}, [g])),
    h('td', { class: 'bi-ttest-num', style: row.pValue === 'N/A' ? `color:${p.theme.mutedText}` : '' }, [row.pValue]),
    h('td', { class: 'bi-ttest-num', style: `color:${liftColor}` }, [row.lift]),
    h('td', { style: row.significant === true ? 'font-weight:700' : '' }, [significant]),
  ]);
  tr.addEventListener('click', choose);
  tr.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    choose();
  });
  return tr;
}
