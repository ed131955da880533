/**
 * Default cell formats per column, as the incumbent's table picks them: a metric gets SMART_NUMBER (or
 * its percent form), any other numeric column is shown as stored (order number 10100, not '10.1k')
 * unless its column config names a format; a temporal column follows table_timestamp_format, and its
 * 'smart_date' default means the query's time grain format, else the full database datetime
 * ('2021-01-01 00:00:00', not a bare '2021').
 */
import { TIME_FORMATS_FOR_GRANULARITY } from '@lumen-bi/core';

/** The incumbent's "Adaptive formatting" id. */
const SMART_DATE = 'smart_date';
/** What a datetime cell shows when neither a format nor a time grain says otherwise. */
export const DATABASE_DATETIME_FORMAT = '%Y-%m-%d %H:%M:%S';

/**
 * The number format of a column; null shows the value as stored.
 *
 * @example
 * numberFormatOf({ isMetric: false, isPercentMetric: false }); // null
 * numberFormatOf({ isMetric: true, isPercentMetric: false }); // 'SMART_NUMBER'
 */
export function numberFormatOf(column: { isMetric: boolean; isPercentMetric: boolean; configured?: string }): string | null {
  if (column.configured) return column.configured;
  if (column.isPercentMetric) return '.3%';
  return column.isMetric ? 'SMART_NUMBER' : null;
}

/**
 * The time format of a temporal column.
 *
 * @example
 * timeFormatOf({ tableTimestampFormat: 'smart_date', timeGrain: 'P1D' }); // '%Y-%m-%d'
 * timeFormatOf({ tableTimestampFormat: 'smart_date' }); // '%Y-%m-%d %H:%M:%S'
 */
export function timeFormatOf(options: { configured?: string; tableTimestampFormat?: string; timeGrain?: string }): string {
  if (options.configured) return options.configured;
  const format = options.tableTimestampFormat || SMART_DATE;
  if (format !== SMART_DATE) return format;
  return (options.timeGrain && TIME_FORMATS_FOR_GRANULARITY[options.timeGrain]) || DATABASE_DATETIME_FORMAT;
}
