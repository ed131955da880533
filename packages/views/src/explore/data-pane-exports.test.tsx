import type { ChartDataResponseResult, QueryFormData } from '@lumen-bi/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { DataPane } from './data-pane';
import { createFakeServer, newRegistry } from './test-support';
import { captureDownloads, type CapturedDownload } from '../testing/captured-downloads';

const RESULT = { colnames: ['gender', 'count'], coltypes: [1, 0], data: [{ gender: 'boy', count: 3 }], rowcount: 1 } as unknown as ChartDataResponseResult;
const formData = { datasource: '1__table', viz_type: 'table', query_mode: 'aggregate', groupby: ['gender'], metrics: ['count'], slice_id: 12 } as QueryFormData;
/** What each download handed the browser: the file name and the bytes behind its object URL. */
let saved: CapturedDownload[];

beforeEach(() => {
  saved = captureDownloads();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderPane(canCsv: boolean) {
  const server = createFakeServer({ 'POST /api/v1/chart/data': () => ({ result: [RESULT] }) });
  const toasts = createToastStore();
  render(<DataPane client={server.client} plugin={newRegistry().get('table')} formData={formData} results={[RESULT]} canCsv={canCsv} origin="http://lumen.test" toasts={toasts} />);
  return { server, toasts };
}

describe('DataPane exports', () => {
  it('offers Excel and JSON beside CSV, only with can_csv', () => {
    renderPane(false);
    for (const name of ['Download CSV', 'Export to Excel', 'Export to .JSON']) expect(screen.queryByRole('button', { name })).toBeNull();
    cleanup();
    renderPane(true);
    for (const name of ['Download CSV', 'Export to Excel', 'Export to .JSON']) expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it("'Export to Excel' saves the workbook the server answers for result_format xlsx", async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xfe, 0x01]);
    const fetchFile = vi.fn(async (_url: string, _init: RequestInit) => new Response(bytes, { status: 200 }));
    vi.stubGlobal('fetch', fetchFile);
    renderPane(true);
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [url, init] = fetchFile.mock.calls[0];
    expect(new URL(url).searchParams.get('form_data')).toBe('{"slice_id":12}');
    expect(JSON.parse(init.body as string)).toMatchObject({ result_format: 'xlsx', result_type: 'full' });
    expect(saved[0].download).toBe('chart_12.xlsx');
    expect(new Uint8Array(await saved[0].blob.arrayBuffer())).toEqual(bytes);
  });

  it("'Export to .JSON' saves the chart data's JSON answer", async () => {
    const { server } = renderPane(true);
    fireEvent.click(screen.getByRole('button', { name: 'Export to .JSON' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(server.find('POST', '/api/v1/chart/data')[0].body).toMatchObject({ result_format: 'json', result_type: 'full' });
    expect(saved[0].download).toBe('chart_12.json');
    expect(JSON.parse(await saved[0].blob.text())).toEqual({ result: [RESULT] });
  });
});
