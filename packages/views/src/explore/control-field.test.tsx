import type { ControlConfig } from '@lumen-bi/charts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ControlField } from './control-field';
import type { DatasourceMetadata } from './explore-types';

afterEach(cleanup);

const DATASOURCE = { columns: [], metrics: [] } as unknown as DatasourceMetadata;

describe('ControlField', () => {
  it("puts a control's description in a tooltip of an info button, not in a title only pointers see", async () => {
    const config = { type: 'CheckboxControl', label: 'Show legend', description: 'Whether to display a legend for the chart' } as ControlConfig;
    render(<ControlField name="show_legend" config={config} value={true} datasource={DATASOURCE} onChange={() => undefined} />);
    const about = screen.getByRole('button', { name: 'About Show legend' });
    expect(document.querySelector('[title]')).toBeNull();
    fireEvent.focusIn(about);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Whether to display a legend for the chart');
    expect(about.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
  });

  it('edits two times of day as the incumbent saves them (HH:mm:ss, null when cleared)', () => {
    const config = { type: 'TimeOfDayBoundsControl', label: 'Bounds' } as ControlConfig;
    const changes: unknown[] = [];
    render(<ControlField name="x_axis_time_bounds" config={config} value={['08:00:00', '19:00:00']} datasource={DATASOURCE} onChange={(v) => changes.push(v)} />);
    // A time input may show zero seconds as 'HH:mm'.
    expect((screen.getByLabelText('Bounds start') as HTMLInputElement).value).toMatch(/^08:00(:00)?$/);
    fireEvent.change(screen.getByLabelText('Bounds end'), { target: { value: '17:30' } });
    fireEvent.change(screen.getByLabelText('Bounds start'), { target: { value: '' } });
    expect(changes).toEqual([['08:00:00', '17:30:00'], [null, '19:00:00']]);
  });

  it('adds no info button to a control without a description', () => {
    const config = { type: 'CheckboxControl', label: 'Show legend' } as ControlConfig;
    render(<ControlField name="show_legend" config={config} value={true} datasource={DATASOURCE} onChange={() => undefined} />);
    expect(screen.queryByRole('button', { name: /^About / })).toBeNull();
  });
});
