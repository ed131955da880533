import { createChartRegistry, registerBuiltInCharts } from '@lumen-bi/charts';
import type { QueryFormData } from '@lumen-bi/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../explore/test-support';
import { ChartContainer } from './chart-container';

afterEach(cleanup);

const META = { is_cached: false, cached_dttm: null, cache_key: 'k', query: 'SELECT', rowcount: 2, colnames: ['gender', 'sum__num'], coltypes: [1, 0] };

describe('ChartContainer error boundary', () => {
  it('shows a chart that crashes while rendering as an unexpected error, and its sibling still renders', async () => {
    const server = createFakeServer({
      'POST /api/v1/chart/data': () => ({ result: [{ ...META, columns: [['boy', 'girl'], [100, 90]] }] }),
    });
    const registry = registerBuiltInCharts(createChartRegistry());
    const formData: QueryFormData = { datasource: '1__table', viz_type: 'table', groupby: ['gender'], metrics: ['sum__num'], row_limit: 10 };
    // A class name whose conversion throws stands in for any crash while the container renders.
    const poisoned = { toString: () => { throw new Error('layout lost its class name'); } } as unknown as string;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <ChartContainer api={server.client} registry={registry} formData={formData} className={poisoned} />
        <ChartContainer api={server.client} registry={registry} formData={formData} />
      </>,
    );
    // The message is announced at once; the full panel (title, stack toggle) follows once its lazy chunk is in.
    expect(screen.getByRole('alert').textContent).toContain('layout lost its class name');
    expect(await screen.findByRole('heading', { name: 'Unexpected error' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('layout lost its class name');
    fireEvent.click(screen.getByRole('button', { name: 'Show stack trace' }));
    expect(document.querySelector('.bi-error-panel__stack')?.textContent).toMatch(/at ChartContainerBody/);
    await waitFor(() => expect(screen.getByText('girl')).toBeTruthy());
    vi.restoreAllMocks();
  });
});
