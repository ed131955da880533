import { createChartRegistry, registerBuiltInCharts } from '@lumen-bi/charts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, reply } from '../testing/fake-server';
import { ChartAdd } from './chart-add';
import { DatasetAdd } from './dataset-add';
import { NewDashboard, UNTITLED_DASHBOARD } from './new-dashboard';
import { vizTypesByCategory } from './viz-gallery';

afterEach(cleanup);

const registry = registerBuiltInCharts(createChartRegistry());
const DATASETS = [
  { id: 3, table_name: 'birth_names', schema: 'main' },
  { id: 4, table_name: 'sales', schema: null },
];

/** Picks `option` in the combobox named `name`, as a user would (type, then click). */
async function choose(name: string, text: string, option = text) {
  const input = screen.getByRole('combobox', { name });
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the viz gallery', () => {
  it("groups the registry's chart types by their metadata's category and searches names, categories and tags", () => {
    const groups = vizTypesByCategory(registry, '');
    expect(groups.map(([category]) => category)).toEqual([...groups.map(([category]) => category)].sort((a, b) => a.localeCompare(b)));
    expect(groups.flatMap(([, metas]) => metas.map((m) => m.vizType)).sort()).toEqual(registry.list());
    expect(vizTypesByCategory(registry, 'PIE').flatMap(([, metas]) => metas.map((m) => m.name))).toEqual(['Pie Chart']);
    expect(vizTypesByCategory(registry, 'part of a whole').map(([category]) => category)).toEqual(['Part of a Whole']);
  });
});

describe('ChartAdd', () => {
  it('searches datasets on the server, and opens Explore on the dataset and chart type chosen', async () => {
    const server = createFakeServer({
      'GET /api/v1/dataset/': ({ q }) => {
        const needle = ((q as { filters: { value: string }[] }).filters[0]?.value ?? '').toLowerCase();
        const result = DATASETS.filter((d) => d.table_name.includes(needle));
        return { result, count: result.length };
      },
    });
    const onNavigate = vi.fn();
    render(<ChartAdd client={server.client} registry={registry} onNavigate={onNavigate} />);
    const create = screen.getByRole('button', { name: 'Create new chart' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await choose('Dataset', 'birth', 'birth_names (main)');
    await waitFor(() => expect(server.find('GET', '/api/v1/dataset/').some((c) => JSON.stringify(c.q).includes('"ct"'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Bar Chart' }));
    expect(screen.getByRole('button', { name: 'Bar Chart' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(create);
    expect(onNavigate).toHaveBeenCalledWith(`/explore/?datasource_type=table&datasource_id=3&viz_type=${registry.get('echarts_timeseries_bar').metadata.vizType}`);
  });

  it('starts with the dataset given, named by the server', async () => {
    const server = createFakeServer({
      'GET /api/v1/dataset/': () => ({ result: [], count: 0 }),
      'GET /api/v1/dataset/4': () => ({ result: DATASETS[1] }),
    });
    render(<ChartAdd client={server.client} registry={registry} initialDatasetId={4} />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Dataset' }).getAttribute('data-value')).toBe('sales'));
  });
});

describe('DatasetAdd', () => {
  const routes = {
    'GET /api/v1/database/': () => ({ result: [{ id: 1, database_name: 'examples' }], count: 1 }),
    'GET /api/v1/database/1/schemas/': () => ({ result: ['main'] }),
    'GET /api/v1/database/1/tables/': () => ({ count: 1, result: [{ value: 'channels', type: 'table' }] }),
    'GET /api/v1/database/1/table_metadata/': () => ({ name: 'channels', columns: [{ name: 'id', type: 'BIGINT' }, { name: 'name', type: 'VARCHAR' }] }),
  };

  it('previews the chosen table and creates the dataset, then Create a new chart with it', async () => {
    const server = createFakeServer({ ...routes, 'POST /api/v1/dataset/': () => reply(201, { id: 22, result: {} }) });
    const onNavigate = vi.fn();
    render(<DatasetAdd client={server.client} onNavigate={onNavigate} />);
    await waitFor(() => expect(server.find('GET', '/api/v1/database/')).toHaveLength(1));
    await choose('Database', 'examples');
    await choose('Schema', 'main');
    await choose('Table', 'channels');
    const preview = await screen.findByRole('table', { name: 'Columns of channels' });
    expect([...preview.querySelectorAll('tbody tr')].map((row) => row.textContent)).toEqual(['idBIGINT', 'nameVARCHAR']);
    expect(server.find('GET', '/api/v1/database/1/tables/')[0].q).toEqual({ schema_name: 'main' });
    fireEvent.click(screen.getByRole('button', { name: 'Create dataset and create chart' }));
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith('/chart/add?dataset=22'));
    expect(server.find('POST', '/api/v1/dataset/')[0].body).toEqual({ database: 1, schema: 'main', table_name: 'channels' });
  });

  it("shows the server's refusal and stays on the page", async () => {
    const server = createFakeServer({ ...routes, 'POST /api/v1/dataset/': () => reply(422, { message: { table_name: ['Dataset channels already exists'] } }) });
    const onNavigate = vi.fn();
    render(<DatasetAdd client={server.client} onNavigate={onNavigate} />);
    await waitFor(() => expect(server.find('GET', '/api/v1/database/')).toHaveLength(1));
    await choose('Database', 'examples');
    await choose('Schema', 'main');
    await choose('Table', 'channels');
    fireEvent.click(screen.getByRole('button', { name: 'Create dataset' }));
    expect((await screen.findByRole('alert')).textContent).toContain('An error occurred while creating datasets');
    expect(onNavigate).not.toHaveBeenCalled();
  });
});

describe('NewDashboard', () => {
  it('creates one untitled dashboard and hands over its edit-mode address', async () => {
    const server = createFakeServer({ 'POST /api/v1/dashboard/': () => reply(201, { id: 41, result: {} }) });
    const onCreated = vi.fn();
    render(<NewDashboard client={server.client} onCreated={onCreated} />);
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('/superset/dashboard/41/?edit=true'));
    expect(server.find('POST', '/api/v1/dashboard/').map((c) => c.body)).toEqual([{ dashboard_title: UNTITLED_DASHBOARD }]);
  });
});
