/** HTML time-series table: a row per metric or group, sparkline and number cells as column_collection asks. */
import { h } from '../../shared/dom';
import { mountChart } from '../../shared/mount';
import { resolveCssColor } from '../../shared/theme-colors';
import { createTooltip } from '../../shared/tooltip';
import { legibleOn } from '../../colors/readable-text';
import type { ChartInstance } from '../../types';
import { sparkline } from './sparkline';
import type { TimeTableProps, ValueCell } from './types';

const CSS = `.bi-time-table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
.bi-time-table th,.bi-time-table td{padding:4px 8px;border-bottom:1px solid var(--bi-color-border,#e0e0e0);text-align:right;vertical-align:middle}
.bi-time-table th:first-child,.bi-time-table td:first-child{text-align:left}
.bi-time-table th{font-weight:600;position:sticky;top:0;background:var(--bi-color-surface,#fff)}`;

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
      const head = h('tr', {}, [h('th', { scope: 'col' }, [p.rowHeader]), ...p.columns.map((c) => h('th', { scope: 'col', ...(c.tooltip ? { title: c.tooltip } : {}) }, [c.label]))]);
      const rows = p.rows.map((row) =>
        h('tr', {}, [
          h('th', { scope: 'row', style: 'font-weight:400' }, [row.label]),
          ...row.cells.map((cell) => (cell.kind === 'spark' ? h('td', {}, [sparkline(cell, p.theme, tooltip, body, spark)]) : numberCell(cell, surface))),
        ]),
      );
      const table = h('table', { class: 'bi-time-table', 'aria-label': p.ariaLabel }, [h('thead', {}, [head]), h('tbody', {}, rows)]);
      body.append(h('style', {}, [CSS]), h('div', { style: `height:${p.height}px;overflow:auto;color:${p.theme.text};font-family:${p.theme.fontFamily};font-size:${p.theme.fontSize}px` }, [table]));
    },
  });
}

function numberCell(cell: ValueCell, surface: string) {
  return h('td', cell.color ? { style: `color:${legibleOn(cell.color, surface, 4.5)}` } : {}, [cell.text]);
}
