/**
 * Pivot -> table layout: value columns and body rows in display order (subtotals after their group,
 * totals last) with spanning header cells, as plain data the renderer turns into <th>/<td>.
 */
import type { Pivot, PivotKey } from './pivot-data';
import type { PivotBodyRow, PivotHeaderCell, PivotLineKind } from './types';

/** A row or column of the layout: its key (a prefix for subtotals, [] for totals) and headers. */
interface Line {
  kind: PivotLineKind;
  key: PivotKey;
  /** Header cells this line starts: level, label, span along the axis, depth across levels. */
  headers: Array<{ level: number; label: string; span: number; depth: number; kind: PivotHeaderCell['kind'] }>;
}

/**
 * Lines of one axis: keys grouped level by level; a subtotal line closes each group above the last
 * level when `subtotals`; a total line ends the axis when `totals`.
 */
export function axisLines(keys: PivotKey[], levels: number, subtotals: boolean, totals: boolean, totalLabel: string): Line[] {
  const out: Line[] = [];
  if (levels === 0) return [{ kind: 'total', key: [], headers: [{ level: 0, label: totalLabel, span: 1, depth: 1, kind: 'total' }] }];
  const walk = (group: PivotKey[], level: number) => {
    let i = 0;
    while (i < group.length) {
      let j = i;
      while (j + 1 < group.length && group[j + 1][level] === group[i][level]) j++;
      const start = out.length;
      if (level === levels - 1) {
        out.push({ kind: 'data', key: group[i], headers: [] });
      } else {
        walk(group.slice(i, j + 1), level + 1);
        if (subtotals) out.push({ kind: 'subtotal', key: group[i].slice(0, level + 1), headers: [{ level: level + 1, label: 'Subtotal', span: 1, depth: levels - level - 1, kind: 'subtotal' }] });
      }
      // Shallower headers go first: the recursion above already added the deeper ones to this line.
      out[start].headers.unshift({ level, label: group[i][level], span: out.length - start, depth: 1, kind: 'key' });
      i = j + 1;
    }
  };
  walk(keys, 0);
  if (totals) out.push({ kind: 'total', key: [], headers: [{ level: 0, label: totalLabel, span: 1, depth: levels, kind: 'total' }] });
  return out;
}

/** Options of pivotLayout. */
export interface LayoutOptions {
  rowAttrs: string[];
  colAttrs: string[];
  rowSubTotals: boolean;
  colSubTotals: boolean;
  /** A totals column at the right (each row's total). */
  rowTotals: boolean;
  /** A totals row at the bottom (each column's total). */
  colTotals: boolean;
  totalLabel: string;
  format(value: number | string | null): string;
}

const worst = (a: PivotLineKind, b: PivotLineKind): PivotLineKind => (a === 'total' || b === 'total' ? 'total' : a === 'subtotal' || b === 'subtotal' ? 'subtotal' : 'data');

/**
 * The table layout of a pivot.
 *
 * @example
 * const { headerRows, body } = pivotLayout(pivot, { rowAttrs: ['country'], colAttrs: ['Metric'], rowSubTotals: false,
 *   colSubTotals: false, rowTotals: true, colTotals: true, totalLabel: 'Total (Sum)', format: String });
 */
export function pivotLayout(pivot: Pivot, o: LayoutOptions): { headerRows: PivotHeaderCell[][]; body: PivotBodyRow[] } {
  const n = o.rowAttrs.length;
  const m = o.colAttrs.length;
  const rowHeaderCols = Math.max(1, n);
  const cols = axisLines(pivot.colKeys, m, o.colSubTotals, o.rowTotals, o.totalLabel);
  const rows = axisLines(pivot.rowKeys, n, o.rowSubTotals, o.colTotals, o.totalLabel);
  const headerRows: PivotHeaderCell[][] = [];
  for (let level = 0; level < m; level++) {
    const row: PivotHeaderCell[] = [{ label: o.colAttrs[level], colSpan: rowHeaderCols, rowSpan: 1, kind: 'corner' }];
    for (const c of cols) for (const hd of c.headers) if (hd.level === level) row.push({ label: hd.label, colSpan: hd.span, rowSpan: hd.depth, kind: hd.kind });
    headerRows.push(row);
  }
  // The row attributes' names head the row-header columns (or the lone total column when no columns).
  if (n > 0 || m === 0) {
    const names: PivotHeaderCell[] = n > 0 ? o.rowAttrs.map((a) => ({ label: a, colSpan: 1, rowSpan: 1, kind: 'attr' as const })) : [{ label: '', colSpan: 1, rowSpan: 1, kind: 'empty' }];
    const over: PivotHeaderCell[] = m === 0 ? [{ label: o.totalLabel, colSpan: 1, rowSpan: 1, kind: 'total' }] : [{ label: '', colSpan: cols.length, rowSpan: 1, kind: 'empty' }];
    headerRows.push([...names, ...over]);
  }
  const body: PivotBodyRow[] = rows.map((r) => ({
    kind: r.kind,
    headers: r.headers.map((hd) => ({ label: hd.label, rowSpan: hd.span, colSpan: n === 0 ? 1 : hd.depth, kind: hd.kind })),
    cells: cols.map((c) => {
      const value = pivot.value(r.key, c.key);
      return { text: o.format(value), value, kind: worst(r.kind, c.kind) };
    }),
  }));
  return { headerRows, body };
}
