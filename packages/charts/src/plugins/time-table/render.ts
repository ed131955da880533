/** HTML time-series table: a row per metric or group, sparkline and number cells as column_collection asks. */
import { h } from '../../shared/dom';
import { mountChart } from '../../shared/mount';
import { resolveCssColor } from '../../shared/theme-colors';
import { createTooltip } from '../../shared/tooltip';
import { legibleOn } from '../../colors/readable-text';
import type { ChartInstance } from '../../types';
import { sortRows, type TimeTableSort } from './sort-rows';
import { sparkline } from './sparkline';
import type { TimeTableProps, ValueCell } from './types';

const CSS = `.bi-time-table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
.bi-time-table th,.bi-time-table td{padding:4px 8px;border-bottom:1px solid var(--bi-color-border,#e0e0e0);text-align:right;vertical-align:middle}
.bi-time-table th:first-child,.bi-time-table td:first-child{text-align:left}
.bi-time-table th{font-weight:600;position:sticky;top:0;background:var(--bi-color-surface,#fff)}
.bi-time-table thead button{all:unset;cursor:pointer}
.bi-time-table thead button:focus-visible{outline:2px solid var(--bi-color-primary,#20a7c9)}`;

/**
 * Bound colours are the incumbent's red and blue; each is lifted until it reads on the surface, so the dark
 * theme keeps them legible (the painter resolves the surface and redraws when the theme changes).
 *
 * @example
 * renderTimeTable(container, transformTimeTableProps(input));
 */
export function renderTimeTable(element: HTMLElement, props: TimeTableProps): ChartInstance<TimeTableProps> {
  return mountChart(element, props, {
    redrawOnThemeChange: true,
    draw(body, p) {
      body.replaceChildren();
      const surface = resolveCssColor(body, p.theme.background);
      const spark = resolveCssColor(body, p.theme.primary);
      const tooltip = createTooltip(body);
      let sort: TimeTableSort | null = p.defaultSort;
      const head = h('tr');
      const tbody = h('tbody');
      const fill = () => {
        head.replaceChildren(...[{ label: p.rowHeader, tooltip: '' }, ...p.columns].map((c, i) => header(c.label, c.tooltip, i - 1, sort, (next) => {
          sort = next;
          fill();
          head.querySelectorAll('button')[i]?.focus();
        })));
        tbody.replaceChildren(...sortRows(p.rows, sort).map((row) =>
          h('tr', {}, [
            h('th', { scope: 'row', style: 'font-weight:400' }, [row.label]),
            ...row.cells.map((cell) => (cell.kind === 'spark' ? h('td', {}, [sparkline(cell, p.theme, tooltip, body, spark)]) : numberCell(cell, surface))),
          ]),
        ));
      };
      fill();
      const table = h('table', { class: 'bi-time-table', 'aria-label': p.ariaLabel }, [h('thead', {}, [head]), tbody]);
      body.append(h('style', {}, [CSS]), h('div', { style: `height:${p.height}px;overflow:auto;color:${p.theme.text};font-family:${p.theme.fontFamily};font-size:${p.theme.fontSize}px` }, [table]));
    },
  });
}

/** A sortable header: a click sorts by its column, largest first, and a second click reverses. */
function header(label: string, tooltip: string, column: number, sort: TimeTableSort | null, onSort: (next: TimeTableSort) => void): HTMLTableCellElement {
  const active = sort?.column === column;
  const button = h('button', { type: 'button' }, [label, h('span', { 'aria-hidden': 'true' }, [active ? (sort!.desc ? ' ▼' : ' ▲') : ''])]);
  button.addEventListener('click', () => onSort({ column, desc: active ? !sort!.desc : true }));
  return h('th', { scope: 'col', 'aria-sort': active ? (sort!.desc ? 'descending' : 'ascending') : 'none', ...(tooltip ? { title: tooltip } : {}) }, [button]);
}

function numberCell(cell: ValueCell, surface: string) {
  return h('td', cell.color ? { style: `color:${legibleOn(cell.color, surface, 4.5)}` } : {}, [cell.text]);
}
