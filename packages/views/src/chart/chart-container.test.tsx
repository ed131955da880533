import { createChartRegistry, registerBuiltInCharts } from '@lumen-bi/charts';
import type { QueryFormData } from '@lumen-bi/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeServer } from '../explore/test-support';
import { ChartContainer, type ChartContainerState } from './chart-container';

afterEach(cleanup);

const META = { is_cached: false, cached_dttm: null, cache_key: 'k', query: 'SELECT', rowcount: 2, colnames: ['gender', 'sum__num'], coltypes: [1, 0] };

describe('ChartContainer data path', () => {
  it("fetches result_layout 'columns', and plugins that read records still get them", async () => {
    // Answers as the server does: columns when asked for them, records otherwise.
    const server = createFakeServer({
      'POST /api/v1/chart/data': ({ body }) => ({
        result: [(body as { result_layout?: string }).result_layout === 'columns' ? { ...META, columns: [['boy', 'girl'], [100, 90]] } : { ...META, data: [{ gender: 'boy', sum__num: 100 }] }],
      }),
    });
    const formData: QueryFormData = { datasource: '1__table', viz_type: 'table', groupby: ['gender'], metrics: ['sum__num'], row_limit: 10 };
    const states: ChartContainerState[] = [];
    render(<ChartContainer api={server.client} registry={registerBuiltInCharts(createChartRegistry())} formData={formData} onStateChange={(s) => states.push(s)} />);
    await waitFor(() => expect(screen.getByText('girl')).toBeTruthy());
    expect((server.calls[0].body as { result_layout?: string }).result_layout).toBe('columns');
    const [result] = states.find((s) => s.status === 'success')!.queriesData!;
    expect(result.columns).toEqual([['boy', 'girl'], [100, 90]]);
    expect(result.data).toEqual([{ gender: 'boy', sum__num: 100 }, { gender: 'girl', sum__num: 90 }]);
  });
});
