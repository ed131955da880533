import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ControlConfig } from '@lumen-bi/charts';
import { ControlField } from './control-field';
import type { DatasourceMetadata } from './explore-types';
import { describeColumn, nextColumnKey, TimeSeriesColumnsControl } from './time-series-columns-control';

afterEach(cleanup);

const saved = [
  { key: 'spark1', label: 'Trend', colType: 'spark' as const, width: '120', sparkType: 'line' as const, yAxisBounds: [null, null] },
  { key: 'lag1', label: 'vs last year', colType: 'time' as const, timeLag: '1', comparisonType: 'perc_change' as const, bounds: [-0.1, 0.1] },
];

describe('TimeSeriesColumnsControl', () => {
  it("edits the incumbent's column_collection in place: the fields of each column's type", () => {
    const onChange = vi.fn();
    render(<TimeSeriesColumnsControl label="Time series columns" value={saved} onChange={onChange} />);
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label') ?? g.querySelector('legend')?.textContent)).toEqual(['Time series columns', 'Trend (Sparkline)', 'vs last year (Time comparison)']);
    expect(screen.getAllByLabelText('Width')).toHaveLength(1);
    expect(screen.getAllByLabelText('Time lag')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Type of comparison'), { target: { value: 'diff' } });
    expect(onChange).toHaveBeenLastCalledWith([saved[0], { ...saved[1], comparisonType: 'diff' }]);
    fireEvent.change(screen.getByLabelText('Color bounds max'), { target: { value: '' } });
    expect(onChange.mock.lastCall?.[0][1].bounds).toEqual([-0.1, null]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Trend (Sparkline)' }));
    expect(onChange).toHaveBeenLastCalledWith([saved[1]]);
    fireEvent.click(screen.getByRole('button', { name: 'Add column' }));
    expect(onChange.mock.lastCall?.[0][2]).toMatchObject({ key: 'column-3', colType: 'spark' });
  });
  it('is the widget of a TimeSeriesColumnControl; keys stay unique; summaries name the type', () => {
    const config = { type: 'TimeSeriesColumnControl', label: 'Time series columns' } as ControlConfig;
    render(<ControlField name="column_collection" config={config} value={[]} datasource={{ columns: [], metrics: [] } as unknown as DatasourceMetadata} onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Add column' })).toBeTruthy();
    expect(nextColumnKey([{ key: 'column-2' }])).toBe('column-3');
    expect(describeColumn({ key: 'a', colType: 'avg' })).toBe('Period average');
  });
});
