import type { ChartDataResponseResult, QueryFormData } from '@lumen-bi/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataPane, ResultTable } from './data-pane';
import { createFakeServer, newRegistry } from './test-support';

const SAMPLES = {
  colnames: ['ds', 'gender', 'name', 'num'],
  coltypes: [2, 1, 1, 0],
  data: [
    { ds: 0, gender: 'boy', name: 'Aaron', num: 12 },
    { ds: 0, gender: 'girl', name: 'Abby', num: 7 },
  ],
  rowcount: 2,
};

afterEach(cleanup);

describe('DataPane: Samples tab', () => {
  const formData = { datasource: '1__table', viz_type: 'table', query_mode: 'aggregate', groupby: ['gender'], metrics: ['count'] } as QueryFormData;
  const setup = () => {
    // The answer comes a tick later, as over a network: an aborted request rejects (fetch's AbortError).
    const server = createFakeServer({ 'POST /api/v1/chart/data': async () => new Promise((resolve) => setTimeout(() => resolve({ result: [SAMPLES] }), 5)) });
    const plugin = newRegistry().get('table');
    const props = { client: server.client, plugin, results: null, canCsv: false, origin: 'http://lumen.test' };
    const view = render(<DataPane {...props} formData={formData} />);
    const samplesCalls = () => server.find('POST', '/api/v1/chart/data').filter((c) => (c.body as { result_type?: string }).result_type === 'samples');
    return { view, props, samplesCalls };
  };

  it('shows the sample rows, not Loading… forever (the request is not aborted by its own loading state)', async () => {
    const { samplesCalls } = setup();
    fireEvent.click(screen.getByRole('tab', { name: 'Samples' }));
    const table = await screen.findByRole('table', { name: 'Samples' });
    expect(table.textContent).toContain('Aaron');
    expect(screen.queryByText('Loading samples')).toBeNull();
    expect(samplesCalls()).toHaveLength(1);
    expect(samplesCalls()[0].signal?.aborted).toBe(false);
  });

  it('fetches once per dataset and filters: back to the tab reuses them, a new filter refetches', async () => {
    const { view, props, samplesCalls } = setup();
    fireEvent.click(screen.getByRole('tab', { name: 'Samples' }));
    await screen.findByRole('table', { name: 'Samples' });
    fireEvent.click(screen.getByRole('tab', { name: 'Results' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Samples' }));
    await screen.findByRole('table', { name: 'Samples' });
    // A change of the chart's options alone (not its filters) keeps the samples.
    view.rerender(<DataPane {...props} formData={{ ...formData, metrics: ['sum__num'] }} />);
    expect(samplesCalls()).toHaveLength(1);
    const filtered = { ...formData, adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'gender', operator: '==', comparator: 'boy' }] } as QueryFormData;
    view.rerender(<DataPane {...props} formData={filtered} />);
    await waitFor(() => expect(samplesCalls()).toHaveLength(2));
    expect(await screen.findByRole('table', { name: 'Samples' })).toBeTruthy();
    expect(screen.queryByText('Loading samples')).toBeNull();
  });
});

describe('ResultTable formatting', () => {
  it('shows temporal epoch milliseconds as dates and numbers without float noise', () => {
    const result = {
      colnames: ['ds', 'name', 'revenue', 'year'],
      coltypes: [2, 1, 0, 0],
      data: [{ ds: Date.UTC(2024, 2, 1), name: 'Aaron', revenue: 3633975.039999998, year: 2006 }],
      rowcount: 1,
    } as unknown as ChartDataResponseResult;
    render(<ResultTable result={result} label="Results" />);
    const cells = screen.getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['2024-03-01', 'Aaron', '3633975.04', '2006']);
  });
});

describe('DataPane: Results tab', () => {
  it("shows each query's result of a chart of two queries (the mixed chart's A and B), each labelled", () => {
    const server = createFakeServer({});
    const formData = { datasource: '1__table', viz_type: 'mixed_timeseries', x_axis: 'ds', metrics: ['count'], metrics_b: ['sum__num'] } as QueryFormData;
    const queryA = { colnames: ['ds', 'count'], coltypes: [2, 0], data: [{ ds: 0, count: 3 }], rowcount: 1 } as unknown as ChartDataResponseResult;
    const queryB = { colnames: ['ds', 'sum__num'], coltypes: [2, 0], data: [{ ds: 0, sum__num: 42 }], rowcount: 1 } as unknown as ChartDataResponseResult;
    render(<DataPane client={server.client} plugin={newRegistry().get('mixed_timeseries')} formData={formData} results={[queryA, queryB]} canCsv={false} origin="http://lumen.test" />);
    expect(screen.getByRole('table', { name: 'Results of query A' }).textContent).toContain('count');
    expect(screen.getByRole('table', { name: 'Results of query B' }).textContent).toContain('42');
  });
});
