/** Types of the pivot table. */
import type { BaseChartProps } from '../../shared/mount';

/** A header cell of the table (column headers in thead, row headers in tbody). */
export interface PivotHeaderCell {
  label: string;
  colSpan: number;
  rowSpan: number;
  /** corner: attribute name over the row headers; attr: row attribute name; key: a key label. */
  kind: 'corner' | 'attr' | 'key' | 'subtotal' | 'total' | 'empty';
}

/** Kind of a body row or value column. */
export type PivotLineKind = 'data' | 'subtotal' | 'total';

/** A value cell. */
export interface PivotCell {
  text: string;
  value: number | string | null;
  kind: PivotLineKind;
}

/** A body row: its header cells (only where a group starts) and one cell per value column. */
export interface PivotBodyRow {
  kind: PivotLineKind;
  headers: PivotHeaderCell[];
  cells: PivotCell[];
}

/** Render props of the pivot table. */
export interface PivotTableProps extends BaseChartProps {
  /** thead rows, top to bottom. */
  headerRows: PivotHeaderCell[][];
  /** tbody rows, including subtotal rows and the totals row (last) when shown. */
  body: PivotBodyRow[];
  /** Most body rows put in the DOM; the rest are reported in a warning. */
  maxRenderedRows: number;
}
