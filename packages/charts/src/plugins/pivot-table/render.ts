/**
 * The pivot table as a real <table>: column header levels in <thead> (th scope col/colgroup, spans),
 * row header levels as th scope row/rowgroup with row spans, subtotal and total rows styled apart.
 * At most maxRenderedRows body rows enter the DOM; a status line reports the rest.
 */
import { h } from '../../shared/dom';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import type { PivotHeaderCell, PivotTableProps } from './types';

const CSS = `
.bi-pivot{overflow:auto}
.bi-pivot table{border-collapse:collapse;font-variant-numeric:tabular-nums}
.bi-pivot th,.bi-pivot td{padding:3px 8px;border:1px solid var(--bi-pivot-grid);white-space:nowrap}
.bi-pivot th{font-weight:600;text-align:left;background:var(--bi-pivot-head)}
.bi-pivot td{text-align:right}
.bi-pivot .bi-subtotal{font-weight:600}
.bi-pivot .bi-total{font-weight:700}
`;

const headerCell = (c: PivotHeaderCell, axis: 'col' | 'row') => {
  // A corner cell names the column level of its own header row, so it labels that row.
  const scope = c.kind === 'corner' ? 'row' : axis;
  const group = c.kind !== 'corner' && (scope === 'col' ? c.colSpan > 1 : c.rowSpan > 1);
  return h('th', {
    scope: c.kind === 'empty' ? undefined : group ? `${scope}group` : scope,
    colspan: c.colSpan > 1 ? c.colSpan : undefined,
    rowspan: c.rowSpan > 1 ? c.rowSpan : undefined,
    class: c.kind === 'subtotal' ? 'bi-subtotal' : c.kind === 'total' ? 'bi-total' : undefined,
  }, [c.label]);
};

/**
 * @example
 * renderPivotTable(container, transformPivotTableProps(input));
 */
export function renderPivotTable(element: HTMLElement, props: PivotTableProps): ChartInstance<PivotTableProps> {
  return mountChart(element, props, {
    draw(body, p) {
      const table = h('table', { 'aria-label': p.ariaLabel });
      table.append(h('thead', {}, p.headerRows.map((row) => h('tr', {}, row.map((c) => headerCell(c, 'col'))))));
      const shown = Math.min(p.body.length, p.maxRenderedRows);
      const tbody = h('tbody');
      for (let i = 0; i < shown; i++) {
        const r = p.body[i];
        // Row spans are clipped at the cap so a cut-off group does not claim rows that are not there.
        const headers = r.headers.map((c) => headerCell({ ...c, rowSpan: Math.min(c.rowSpan, shown - i) }, 'row'));
        const cells = r.cells.map((c) => h('td', { class: c.kind === 'data' ? undefined : `bi-${c.kind}` }, [c.text]));
        tbody.append(h('tr', { class: r.kind === 'data' ? undefined : `bi-${r.kind}` }, [...headers, ...cells]));
      }
      table.append(tbody);
      // Focusable, so keyboard users can scroll a pivot wider or taller than its card.
      const wrap = h('div', { class: 'bi-pivot', tabindex: 0, style: `height:${p.height}px;--bi-pivot-grid:${p.theme.grid};--bi-pivot-head:${p.theme.background}` }, [table]);
      const nodes: Node[] = [h('style', {}, [CSS])];
      if (shown < p.body.length) {
        nodes.push(h('div', { class: 'bi-warning', role: 'status' }, [`Showing the first ${shown} of ${p.body.length} rows.`]));
      }
      body.replaceChildren(...nodes, wrap);
    },
    resize(_width, height) {
      // A table reflows by itself; only the scroller's height follows the chart.
      const wrap = element.querySelector<HTMLElement>('.bi-pivot');
      if (!wrap) return false;
      wrap.style.height = `${height}px`;
      return true;
    },
  });
}
