import { createChartRegistry, registerBuiltInCharts } from '@lumen-bi/charts';
import type { QueryFormData } from '@lumen-bi/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeServer, reply } from '../explore/test-support';
import { ChartContainer, type ChartContainerState } from './chart-container';

afterEach(cleanup);

describe('ChartContainer failed query', () => {
  it("announces the error's message at once, then shows its error type's panel from the lazy chunk", async () => {
    // The server's structured error (spec 2 §8), as a database engine reports a missing table.
    const server = createFakeServer({
      'POST /api/v1/chart/data': () =>
        reply(400, {
          errors: [
            {
              message: 'relation "sales" does not exist',
              error_type: 'TABLE_DOES_NOT_EXIST_ERROR',
              level: 'error',
              extra: { engine_name: 'PostgreSQL', issue_codes: [{ code: 1005, message: 'The table was deleted or renamed in the database.' }] },
            },
          ],
        }),
    });
    const formData: QueryFormData = { datasource: '1__table', viz_type: 'table', groupby: ['gender'], metrics: ['sum__num'], row_limit: 10 };
    const states: ChartContainerState[] = [];
    render(<ChartContainer api={server.client} registry={registerBuiltInCharts(createChartRegistry())} formData={formData} onStateChange={(s) => states.push(s)} />);

    await waitFor(() => expect(states.at(-1)?.status).toBe('failed'));
    // Never blank: the fallback or the panel carries the message as soon as the query has failed.
    expect(screen.getByRole('alert').textContent).toContain('relation "sales" does not exist');
    expect(await screen.findByRole('heading', { name: 'PostgreSQL Error' })).toBeTruthy();
    const panel = screen.getByRole('alert');
    expect(panel.textContent).toContain('relation "sales" does not exist');
    expect(panel.textContent).toContain('Issue 1005 - The table was deleted or renamed in the database.');
    expect(document.querySelector('.bi-chart-container__host')?.hasAttribute('hidden')).toBe(true);
  });
});
