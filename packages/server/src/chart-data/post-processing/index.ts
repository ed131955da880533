/**
 * Chart-data post-processing (Superset's `superset/utils/pandas_postprocessing`, reimplemented).
 *
 * Contract: a query result is a `Frame` — `colnames`, `coltypes` (GenericDataType codes:
 * 0 numeric, 1 string, 2 temporal, 3 boolean) and `columns`, one array per column. Temporal
 * cells are epoch milliseconds (UTC), numbers are JS numbers, NULL is `null` (NaN/±Infinity
 * results come back as null, as Superset serialises them). `applyPostProcessing(frame, steps)`
 * runs the request's `post_processing` list (`{operation, options}`) in order and returns a new
 * Frame; a step with an unknown operation or bad options throws `PostProcessingError` (400)
 * naming the operation/option. Two optional Frame fields model pandas shapes between steps:
 * `indexCount` (leading index columns, e.g. after `pivot(reset_index=false)`) and `levels`
 * (MultiIndex column tuples after `pivot(flatten_columns=false)`, joined by `flatten`).
 *
 * Why columnar: results can be millions of rows; per-row objects cost an allocation and hidden
 * class per row and defeat typed arrays. Each operation works column by column with index loops,
 * dictionary-encodes keys into Int32Array ranks for grouping/sorting, and computes on
 * Float64Array, so sort/aggregate/pivot/rolling/cum stay linear (or n log n) and allocation-light.
 *
 * Operations (one file each): aggregate, pivot, rolling, cum, resample, compare, contribution,
 * sort, flatten, rename, diff, select, boxplot, histogram; plus `joinTimeOffsets` for the
 * engine's time comparison queries.
 */
export {
  GenericDataType, PostProcessingError, FLAT_COLUMN_SEPARATOR, NULL_STRING, TIME_COMPARISON,
  type Frame, type Label, type PostProcessingStep, type PostProcessingContext, type GenericDataTypeCode,
} from './frame';
export { applyPostProcessing, OPERATIONS } from './apply';
export { joinTimeOffsets, parseOffset, shiftTimestamp, TIME_SHIFT_CHOICES, type JoinTimeOffsetsOptions } from './time-offsets';
