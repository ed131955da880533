/** Types of the paired t-test table. */
import type { BaseChartProps } from '../../shared/mount';

/** One metric's table: a row per group, each with its values over the shared time steps. */
export interface TTestTable {
  metric: string;
  /** Each row's group values, one per groupby column (['All'] without groupby). */
  groups: string[][];
  /** Each row's metric value per time step (null where the group had none). */
  series: Array<Array<number | null>>;
}

/** A row compared against the control row. */
export interface TTestRow {
  /** Formatted p-value, 'control' on the control row, 'N/A' when undefined. */
  pValue: string;
  /** Formatted lift in percent, 'control' on the control row, 'N/A' when undefined. */
  lift: string;
  /** 'control', or whether the lift is up or down (the colour of the lift cell); 'invalid' when undefined. */
  liftStatus: 'control' | 'up' | 'down' | 'invalid';
  /** 'control', or whether the p-value is at or below the significance level. */
  significant: 'control' | boolean;
}

/** Render props of the paired t-test table. */
export interface PairedTTestProps extends BaseChartProps {
  /** Header of the group columns (the groupby labels; 'Group' without groupby). */
  groupColumns: string[];
  tables: TTestTable[];
  /** significance_level. */
  alpha: number;
  /** pvalue_precision: decimals of the p-values. */
  pValuePrecision: number;
  /** liftvalue_precision: decimals of the lift. */
  liftPrecision: number;
}
