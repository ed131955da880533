/**
 * Table renderer: real <table> semantics, sortable headers with aria-sort, optional search and
 * pagination, and row virtualisation (only the visible window of rows exists in the DOM, between two
 * spacer rows), so 100k rows cost a few dozen <tr>.
 */
import { formatDisplayValue } from '@lumen-bi/core';
import { isCrossFilterSelected, makeCrossFilterTarget, toggleCrossFilter } from '../../shared/cross-filter';
import { h } from '../../shared/dom';
import { formatWithCurrency } from '../../shared/currency-format';
import { getNumberFormatter, getTimeFormatter } from '../../shared/format';
import { mountChart, type Painter } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import { cellBar } from './cell-bars';
import { cellBackground } from './conditional-formatting';
import { nextSortDirection, visibleRows } from './sort-search';
import type { SortDirection, TableColumn, TableProps } from './types';

/** Event dispatched when a server-paginated table asks for another page: detail {currentPage, pageSize}. */
export const TABLE_PAGE_EVENT = 'bi-table-page';
const OVERSCAN = 8;

/** Formats one cell for display. */
export function formatCell(column: TableColumn, value: unknown): string {
  if (value === null || value === undefined) return formatDisplayValue(value);
  if (column.kind === 'temporal' && (typeof value === 'number' || typeof value === 'string')) return getTimeFormatter(column.timeFormat).format(value);
  if (column.kind === 'numeric' && typeof value === 'number') {
    // A currency needs a number format around which to put its symbol; SMART_NUMBER as the incumbent's default.
    if (column.currency) return formatWithCurrency(column.numberFormat ?? 'SMART_NUMBER', column.currency, value);
    return column.numberFormat === null ? String(value) : getNumberFormatter(column.numberFormat).format(value);
  }
  return formatDisplayValue(value);
}

function createTablePainter(host: HTMLElement): Painter<TableProps> {
  let sortKey: string | null = null;
  let direction: SortDirection = 'none';
  let search = '';
  let page = 0;
  // Cross-filter selection shown (host's crossFilterValues; a click updates it at once).
  let selection: { column: string; values: unknown[] } | null = null;
  let hostValues: unknown[] | undefined;

  return {
    draw(body, props) {
      const { columns, data, rowHeight } = props;
      const filterable = props.onCrossFilter ? new Set(props.crossFilterColumns) : new Set<string>();
      if (props.crossFilterValues !== hostValues) {
        hostValues = props.crossFilterValues;
        const column = selection?.column ?? props.crossFilterColumns[0];
        selection = hostValues?.length && column ? { column, values: hostValues } : null;
      }
      const extents = new Map<string, [number, number]>();
      for (const rule of props.conditionalFormatting) {
        if (extents.has(rule.column)) continue;
        let lo = Infinity;
        let hi = -Infinity;
        for (const r of data) { const v = r[rule.column]; if (typeof v === 'number') { if (v < lo) lo = v; if (v > hi) hi = v; } }
        extents.set(rule.column, [lo, hi]);
      }
      const keys = columns.map((c) => c.key);
      let rows = visibleRows(data, keys, search, sortKey, direction);
      const redraw = () => this.draw(body, props, props, () => undefined);

      const controls = h('div', { class: 'bi-table-controls', style: 'display:flex;gap:8px;padding:4px 0' });
      if (props.includeSearch) {
        const input = h('input', { type: 'search', placeholder: `Search ${props.totalRows} records`, 'aria-label': 'Search', value: search });
        input.addEventListener('input', () => { search = input.value; page = 0; rows = visibleRows(data, keys, search, sortKey, direction); paint(); });
        controls.append(input);
      }
      const table = h('table', { 'aria-label': props.ariaLabel, 'aria-rowcount': rows.length + 1, style: 'border-collapse:collapse;width:100%' });
      const headRow = h('tr');
      for (const c of columns) {
        const dir = c.key === sortKey ? direction : 'none';
        const button = h('button', { type: 'button', style: 'all:unset;cursor:pointer;font-weight:600' }, [c.label, dir === 'ascending' ? ' ▲' : dir === 'descending' ? ' ▼' : '']);
        button.addEventListener('click', () => {
          direction = c.key === sortKey ? nextSortDirection(direction) : 'ascending';
          sortKey = direction === 'none' ? null : c.key;
          redraw();
        });
        headRow.append(h('th', { scope: 'col', 'aria-sort': dir, style: `text-align:${c.kind === 'numeric' ? 'right' : 'left'};padding:4px 8px;border-bottom:1px solid ${props.theme.grid}` }, [button]));
      }
      table.append(h('thead', {}, [headRow]));
      const tbody = h('tbody');
      table.append(tbody);
      if (props.totals) {
        table.append(h('tfoot', {}, [h('tr', {}, columns.map((c, i) => h('th', { scope: i === 0 ? 'row' : undefined, style: 'padding:4px 8px;text-align:' + (c.kind === 'numeric' ? 'right' : 'left') }, [i === 0 && !c.isMetric ? 'Total' : c.isMetric ? formatCell(c, props.totals![c.key]) : ''])))]));
      }
      const scroller = h('div', { class: 'bi-table-scroll', style: `overflow:auto;position:relative;height:${Math.max(rowHeight * 3, props.height - 40 - (props.pageSize ? 32 : 0))}px` }, [table]);
      const pager = h('nav', { 'aria-label': 'Pagination', style: 'display:flex;gap:6px;align-items:center;padding:4px 0' });
      body.replaceChildren(controls, scroller, pager);

      const activate = (column: string, value: unknown, additive: boolean, rowIndex: number) => {
        selection = toggleCrossFilter(column, selection?.column === column ? selection.values : [], value, additive);
        paint();
        const cells = tbody.querySelectorAll<HTMLElement>(`tr[aria-rowindex="${rowIndex + 2}"] [data-column]`);
        [...cells].find((el) => el.dataset.column === column)?.focus();
        props.onCrossFilter?.(selection);
      };
      const row = (i: number) => {
        const record = data[rows[i]];
        const selected = selection !== null && isCrossFilterSelected(selection.values, record[selection.column]);
        return h('tr', { 'aria-rowindex': i + 2, class: selected ? 'bi-table-row--selected' : undefined, style: `height:${rowHeight}px${selected ? `;background:${props.theme.grid}` : ''}` }, columns.map((c) => {
          const v = record[c.key];
          const bar = typeof v === 'number' && props.cellBars.extents.has(c.key) ? cellBar(v, props.cellBars.extents.get(c.key)!, props.cellBars) : undefined;
          // A cell has one background: a matching conditional format's colour wins over the bar.
          const bg = (extents.has(c.key) ? cellBackground(props.conditionalFormatting, c.key, v, extents.get(c.key)!) : undefined) ?? bar;
          const text = formatCell(c, v);
          let content: Node | string = text;
          if (filterable.has(c.key)) {
            const target = h('span', { 'data-column': c.key, style: 'cursor:pointer' }, [text]);
            makeCrossFilterTarget(target, `Filter by ${c.label} ${text}`, selected && selection?.column === c.key, (additive) => activate(c.key, v, additive, i));
            content = target;
          }
          return h('td', { style: `padding:0 8px;white-space:nowrap;text-align:${c.kind === 'numeric' ? 'right' : 'left'}${bg ? `;background:${bg}` : ''}${selected ? ';font-weight:600' : ''}` }, [content]);
        }));
      };

      function paint() {
        const serverSide = props.serverPagination;
        const size = props.pageSize;
        const total = serverSide ? props.totalRows : rows.length;
        const pages = size ? Math.max(1, Math.ceil(total / size)) : 1;
        if (page >= pages) page = 0;
        const from = size && !serverSide ? page * size : 0;
        const to = size && !serverSide ? Math.min(rows.length, from + size) : rows.length;
        // Virtual window: rows [first, last) of [from, to) are in the DOM; spacers keep the scroll height.
        const viewport = scroller.clientHeight || props.height;
        const first = Math.max(from, from + Math.floor(scroller.scrollTop / rowHeight) - OVERSCAN);
        const last = Math.min(to, first + Math.ceil(viewport / rowHeight) + 2 * OVERSCAN);
        const top = h('tr', { 'aria-hidden': 'true', style: `height:${(first - from) * rowHeight}px` });
        const bottom = h('tr', { 'aria-hidden': 'true', style: `height:${(to - last) * rowHeight}px` });
        const nodes: Node[] = [top];
        for (let i = first; i < last; i++) nodes.push(row(i));
        nodes.push(bottom);
        tbody.replaceChildren(...nodes);
        pager.replaceChildren();
        if (size && pages > 1) {
          for (let p = 0; p < pages && p < 50; p++) {
            const b = h('button', { type: 'button', 'aria-current': p === page ? 'page' : undefined }, [String(p + 1)]);
            b.addEventListener('click', () => {
              page = p;
              if (serverSide) host.dispatchEvent(new CustomEvent(TABLE_PAGE_EVENT, { bubbles: true, composed: true, detail: { currentPage: p, pageSize: size } }));
              scroller.scrollTop = 0;
              paint();
            });
            pager.append(b);
          }
        }
      }
      let ticking = false;
      scroller.addEventListener('scroll', () => {
        if (ticking) return;
        ticking = true;
        requestAnimationFrame(() => { ticking = false; paint(); });
      });
      paint();
    },
  };
}

/**
 * Mounts a table.
 *
 * @example
 * renderTable(container, transformTableProps({ formData, queriesData, width: 800, height: 400 }));
 */
export function renderTable(element: HTMLElement, props: TableProps): ChartInstance<TableProps> {
  return mountChart(element, props, createTablePainter(element));
}
