import type { ControlConfig } from '@lumen-bi/charts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ControlField } from './control-field';
import type { DatasourceMetadata } from './explore-types';

afterEach(cleanup);

const DATASOURCE = { columns: [], metrics: [] } as unknown as DatasourceMetadata;

describe('ControlField', () => {
  it("puts a control's description in a tooltip of an info button, not in a title only pointers see", () => {
    const config = { type: 'CheckboxControl', label: 'Show legend', description: 'Whether to display a legend for the chart' } as ControlConfig;
    render(<ControlField name="show_legend" config={config} value={true} datasource={DATASOURCE} onChange={() => undefined} />);
    const about = screen.getByRole('button', { name: 'About Show legend' });
    expect(document.querySelector('[title]')).toBeNull();
    fireEvent.focusIn(about);
    expect(screen.getByRole('tooltip').textContent).toBe('Whether to display a legend for the chart');
    expect(about.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
  });

  it('adds no info button to a control without a description', () => {
    const config = { type: 'CheckboxControl', label: 'Show legend' } as ControlConfig;
    render(<ControlField name="show_legend" config={config} value={true} datasource={DATASOURCE} onChange={() => undefined} />);
    expect(screen.queryByRole('button', { name: /^About / })).toBeNull();
  });
});
