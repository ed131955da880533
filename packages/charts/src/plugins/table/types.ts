/** Types of the table chart. */
import type { QueryFormData } from '@lumen-bi/core';
import type { CurrencyPlacement } from '../../shared/currency-format';
import type { BaseChartProps } from '../../shared/mount';

/** A conditional formatting rule (the incumbent's shape). */
export interface ConditionalFormattingRule {
  column: string;
  /** The incumbent's comparators (≤ ≥ ≠ and the four between forms); <= >= != and 'between' (exclusive) are read too. */
  operator: '<' | '>' | '≤' | '≥' | '=' | '≠' | '< x <' | '≤ x ≤' | '≤ x <' | '< x ≤' | '<=' | '>=' | '!=' | 'between' | 'None';
  targetValue?: number;
  targetValueLeft?: number;
  targetValueRight?: number;
  colorScheme?: string;
}

/** Form data keys the table reads. */
export interface TableFormData extends QueryFormData {
  server_pagination?: boolean;
  server_page_length?: number;
  page_length?: number | string | null;
  include_search?: boolean;
  show_totals?: boolean;
  table_timestamp_format?: string;
  /** Bars behind metric values (every numeric value in raw mode); the incumbent's default is on. */
  show_cell_bars?: boolean;
  /** Cell bars of negative values in red. */
  color_pn?: boolean;
  /** Cell bars from the left edge by magnitude instead of from a zero line. */
  align_pn?: boolean;
  conditional_formatting?: ConditionalFormattingRule[];
  /** Per-column display settings; currencyFormat is the incumbent's {symbol, symbolPosition} per column. */
  column_config?: Record<string, { d3NumberFormat?: string; d3TimeFormat?: string; currencyFormat?: unknown }>;
}

/** A displayed column. */
export interface TableColumn {
  key: string;
  label: string;
  kind: 'numeric' | 'string' | 'temporal' | 'boolean';
  isMetric: boolean;
  isPercentMetric: boolean;
  /** A d3 number format, or null to show the value as stored. */
  numberFormat: string | null;
  /** The column's currency symbol around its numbers (null: none). */
  currency: CurrencyPlacement | null;
  timeFormat: string;
}

/** Sort direction of a column header (cycles none -> asc -> desc -> none). */
export type SortDirection = 'none' | 'ascending' | 'descending';

/** Render props of the table chart. */
export interface TableProps extends BaseChartProps {
  columns: TableColumn[];
  /** Records as received: never copied, rows are addressed by index. */
  data: ReadonlyArray<Record<string, unknown>>;
  totals: Record<string, unknown> | null;
  /** Rows per page; 0 shows every row in one virtualised scroller. */
  pageSize: number;
  serverPagination: boolean;
  /** Total rows on the server when paginating there. */
  totalRows: number;
  includeSearch: boolean;
  rowHeight: number;
  conditionalFormatting: ConditionalFormattingRule[];
  /** Cell bars: the columns that draw them with each one's extent, and the colour options. */
  cellBars: { extents: Map<string, [number, number]>; colorPositiveNegative: boolean; alignPositiveNegative: boolean };
  /** Columns whose cells cross-filter when clicked (the groupby columns in aggregate mode). */
  crossFilterColumns: string[];
}
