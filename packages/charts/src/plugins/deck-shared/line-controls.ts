/** The line column controls of deck_path and deck_polygon (the incumbent's names and labels). */
import type { ControlItem } from '../../controls/control-types';
import { custom } from '../../controls/shared-controls';

/** line_column, line_type and reverse_long_lat. */
export function lineRows(): ControlItem[][] {
  return [
    [custom('line_column', { type: 'GroupByControl', label: 'Lines column', description: 'The database columns that contains lines information', validators: ['nonEmpty'] })],
    [custom('line_type', { type: 'SelectControl', label: 'Lines encoding', default: 'json', choices: [['polyline', 'Polyline'], ['json', 'JSON'], ['geohash', 'geohash (square)']], description: 'The encoding format of the lines' })],
    [custom('reverse_long_lat', { type: 'CheckboxControl', label: 'Reverse Lat & Long', default: false })],
  ];
}
