/** Query and chart-data response -> the deck path map's lines. */
import { getColumnLabel, type QueryContext, type QueryFormColumn, type QueryFormData } from '@lumen-bi/core';
import { getRecords } from '../../shared/records';
import { requireControl, requireResultColumns } from '../../shared/required-controls';
import type { TransformPropsInput } from '../../types';
import { deckQuery } from '../deck-shared/build-query';
import { toRgba, type Rgba } from '../deck-shared/colors';
import { lineWidthUnit, parseLines, readLineType } from '../deck-shared/line-geometry';
import { deckBaseProps, positiveNumber } from '../deck-shared/props';
import { SkippedRows } from '../deck-shared/skipped-rows';
import type { LonLat } from '../deck-shared/spatial';
import type { DeckProps } from '../deck-shared/types';

/** One path of the result. */
export interface PathLine {
  path: LonLat[];
  /** The line column's value (what a cross filter would name). */
  value: unknown;
}

/** Render props of deck_path. */
export interface DeckPathProps extends DeckProps {
  paths: PathLine[];
  color: Rgba;
  lineWidth: number;
  widthUnits: 'meters' | 'pixels';
  lineColumn: string;
}

/**
 * Raw rows of the line column (the incumbent's path query).
 *
 * @example
 * buildDeckPathQuery({ datasource: '1__table', viz_type: 'deck_path', line_column: 'route' }).queries[0].columns; // ['route']
 */
export function buildDeckPathQuery(formData: QueryFormData): QueryContext {
  readLineType(formData);
  return deckQuery(formData, { spatialColumns: [requireControl<QueryFormColumn>(formData, 'line_column', 'Lines column')] });
}

/**
 * A path per line of each row (a multi-line geometry gives several); unreadable values are counted.
 *
 * @example
 * transformDeckPathProps(input).paths[0].path[0]; // [-122.4, 37.8]
 */
export function transformDeckPathProps(input: TransformPropsInput): DeckPathProps {
  const fd = input.formData;
  const lineColumn = getColumnLabel(requireControl<QueryFormColumn>(fd, 'line_column', 'Lines column'));
  const type = readLineType(fd);
  requireResultColumns(input.queriesData[0], [lineColumn]);
  const skipped = new SkippedRows();
  const paths: PathLine[] = [];
  for (const row of getRecords(input.queriesData)) {
    const lines = parseLines(row[lineColumn], type, fd.reverse_long_lat === true);
    if (typeof lines === 'string') skipped.add(lines);
    else for (const path of lines) paths.push({ path, value: row[lineColumn] });
  }
  return {
    ...deckBaseProps(input, `Path map of ${paths.length} paths`, paths.flatMap((p) => p.path), skipped),
    paths,
    color: toRgba(fd.color_picker, [0, 122, 135, 255]),
    lineWidth: positiveNumber(fd, 'line_width', 'Line width', 150),
    widthUnits: lineWidthUnit(fd),
    lineColumn,
  };
}
