import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ControlConfig } from '@lumen-bi/charts';
import { createFakeServer, reply } from '../testing/fake-server';
import { ControlField } from './control-field';
import { chosenChartIds } from './deck-charts-control';
import type { DatasourceMetadata } from './explore-types';

afterEach(cleanup);

const config = { type: 'DeckChartsControl', label: 'deck.gl charts', multi: true } as ControlConfig;
const datasource = { columns: [], metrics: [] } as unknown as DatasourceMetadata;

const CHARTS = [
  { id: 5, slice_name: 'Places', viz_type: 'deck_scatter' },
  { id: 7, slice_name: 'Routes', viz_type: 'deck_arc' },
];

function server() {
  return createFakeServer({
    'GET /api/v1/chart/': () => ({ result: CHARTS, count: CHARTS.length }),
    'GET /api/v1/chart/5': () => ({ result: CHARTS[0] }),
    'GET /api/v1/chart/8': () => ({ result: { id: 8, slice_name: 'Revenue', viz_type: 'pie' } }),
    'GET /api/v1/chart/9': () => reply(403, { message: 'Forbidden' }),
  });
}

describe('deck_slices control (DeckChartsControl)', () => {
  it('names each chosen chart, and says which are missing, unreadable or not deck charts', async () => {
    const fake = server();
    render(<ControlField name="deck_slices" config={config} value={[5, 999, 8, '9']} datasource={datasource} api={fake.client} onChange={() => undefined} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Places (deck_scatter)' })).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Remove Chart 999 (not found)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Revenue (pie: not a deck.gl layer)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Chart 9 (not readable)' })).toBeTruthy();
  });

  it('offers the deck charts but deck_multi ones, searched by name on the server, and saves chart ids', async () => {
    const fake = server();
    const onChange = vi.fn();
    render(<ControlField name="deck_slices" config={config} value={[5]} datasource={datasource} api={fake.client} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'deck.gl charts' });
    fireEvent.focus(input);
    const routes = await screen.findByRole('option', { name: 'Routes (deck_arc)' });
    const list = fake.find('GET', '/api/v1/chart/')[0]!.q as { filters: unknown[] };
    expect(list.filters).toEqual([
      { col: 'viz_type', opr: 'sw', value: 'deck_' },
      { col: 'viz_type', opr: 'neq', value: 'deck_multi' },
    ]);
    fireEvent.mouseDown(routes);
    fireEvent.click(routes);
    expect(onChange).toHaveBeenLastCalledWith([5, 7]);
  });

  it('reads saved ids as numbers (a select may have saved digit strings)', () => {
    expect(chosenChartIds(['5', 7, 'x', null])).toEqual([5, 7]);
    expect(chosenChartIds(undefined)).toEqual([]);
    expect(chosenChartIds(3)).toEqual([3]);
  });
});
