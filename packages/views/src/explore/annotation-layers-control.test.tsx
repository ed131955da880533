import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ControlConfig } from '@lumen-bi/charts';
import type { AnnotationLayer } from '@lumen-bi/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, reply } from '../testing/fake-server';
import { draftToLayer, layerToDraft, withChart, withType } from './annotation-layer-rules';
import { ControlField } from './control-field';
import type { DatasourceMetadata } from './explore-types';

afterEach(cleanup);

const config = { type: 'AnnotationLayerControl', label: 'Annotation layers', default: [] } as ControlConfig;
const datasource = { columns: [], metrics: [] } as unknown as DatasourceMetadata;
const GOAL: AnnotationLayer = { name: 'Goal', annotationType: 'FORMULA', sourceType: '', value: '2x', show: true, showMarkers: false, color: '#ff0000' };

function server(routes: Parameters<typeof createFakeServer>[0] = {}) {
  return createFakeServer({
    'GET /api/v1/annotation_layer/': () => ({ result: [{ id: 3, name: 'Releases' }], count: 1 }),
    'GET /api/v1/chart/': () => ({ result: [{ id: 5, slice_name: 'Campaigns', viz_type: 'table' }], count: 1 }),
    'GET /api/v1/chart/5': () => ({ result: { id: 5, slice_name: 'Campaigns', viz_type: 'table', params: JSON.stringify({ all_columns: ['ds', 'until', 'title', 'note'] }) } }),
    ...routes,
  });
}

function renderControl(value: unknown, fake = server()) {
  const onChange = vi.fn<(layers: AnnotationLayer[]) => void>();
  render(<ControlField name="annotation_layers" config={config} value={value} datasource={datasource} api={fake.client} onChange={onChange} />);
  return { onChange, fake };
}

async function pick(label: string, option: string) {
  fireEvent.focus(screen.getByRole('combobox', { name: label }));
  const found = await screen.findByRole('option', { name: option });
  fireEvent.mouseDown(found);
  fireEvent.click(found);
}

describe('annotation layers control (AnnotationLayerControl)', { timeout: 30_000 }, () => {
  it('lists the saved layers and removes one', () => {
    const { onChange } = renderControl([GOAL, { ...GOAL, name: 'Hidden', show: false }]);
    expect(screen.getByText('Goal: Formula 2x')).toBeTruthy();
    expect(screen.getByText('Hidden: Formula 2x (hidden)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove annotation layer Goal' }));
    expect(onChange).toHaveBeenLastCalledWith([{ ...GOAL, name: 'Hidden', show: false }]);
  });

  it('adds a formula layer once its formula compiles, focusing the form and then the add button', async () => {
    const { onChange } = renderControl([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add annotation layer' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Target' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Formula' }), { target: { value: '2 * x +' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    // The first check downloads the evaluator.
    expect((await screen.findByRole('alert', {}, { timeout: 15_000 })).textContent).toMatch(/^The formula does not parse/);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Formula' }), { target: { value: '2 * x + 5' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Line style' }), { target: { value: 'dashed' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Automatic color' }));
    fireEvent.change(screen.getByLabelText('Color'), { target: { value: '#00ff00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled(), { timeout: 15_000 });
    expect(onChange.mock.calls[0][0]).toEqual([
      expect.objectContaining({ name: 'Target', annotationType: 'FORMULA', sourceType: '', value: '2 * x + 5', show: true, style: 'dashed', color: '#00ff00', width: 1, opacity: '' }),
    ]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add annotation layer' })));
  });

  it('picks a NATIVE layer from the annotation store', async () => {
    const { onChange, fake } = renderControl([GOAL]);
    fireEvent.click(screen.getByRole('button', { name: 'Add annotation layer' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Releases' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Annotation layer type' }), { target: { value: 'EVENT' } });
    expect((screen.getByRole('combobox', { name: 'Annotation source' }) as HTMLSelectElement).value).toBe('NATIVE');
    await pick('Annotation layer', 'Releases');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show label' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled(), { timeout: 15_000 });
    expect(onChange.mock.calls[0][0][1]).toMatchObject({ name: 'Releases', annotationType: 'EVENT', sourceType: 'NATIVE', value: 3, showLabel: true });
    expect(fake.find('GET', '/api/v1/annotation_layer/')[0].q).toMatchObject({ columns: ['id', 'name'] });
  });

  it("shows the annotation store's error in its picker (the store may not be there yet)", async () => {
    renderControl([], server({ 'GET /api/v1/annotation_layer/': () => reply(404, { message: 'Not found' }) }));
    fireEvent.click(screen.getByRole('button', { name: 'Add annotation layer' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Annotation layer type' }), { target: { value: 'INTERVAL' } });
    fireEvent.focus(screen.getByRole('combobox', { name: 'Annotation layer' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Not found');
  });

  it("reads a table chart's columns for an interval's start, end and title, and requires them", async () => {
    const { onChange, fake } = renderControl([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add annotation layer' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Campaigns' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Annotation layer type' }), { target: { value: 'INTERVAL' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Annotation source' }), { target: { value: 'table' } });
    await pick('Chart', 'Campaigns (table)');
    expect(fake.find('GET', '/api/v1/chart/')[0].q).toMatchObject({ filters: [{ col: 'viz_type', opr: 'in', value: ['table'] }] });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual(['Choose the column of the times', 'Choose the column of the interval ends']);
    await pick('Interval start column', 'ds');
    await pick('Interval end column', 'until');
    await pick('Title column', 'title');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled(), { timeout: 15_000 });
    expect(onChange.mock.calls[0][0][0]).toMatchObject({ sourceType: 'table', value: 5, timeColumn: 'ds', intervalEndColumn: 'until', titleColumn: 'title', overrides: { time_range: null } });
  });

  it('edits a layer in place and cancels with Escape', async () => {
    const { onChange } = renderControl([GOAL]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit annotation layer Goal' }));
    const group = screen.getByRole('group', { name: 'Edit annotation layer Goal' });
    fireEvent.keyDown(group, { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Edit annotation layer Goal' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit annotation layer Goal' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hide layer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled(), { timeout: 15_000 });
    expect(onChange.mock.calls[0][0]).toEqual([expect.objectContaining({ name: 'Goal', show: false, color: '#ff0000', value: '2x' })]);
  });
});

describe('annotation layer rules', () => {
  it('requires a unique name, a value and a width of 0 or more', () => {
    const draft = { ...layerToDraft(null), name: 'Goal', width: '-1' };
    expect(draftToLayer(draft, ['Goal']).errors).toEqual({ name: 'Another layer of this chart has this name', value: 'Formula cannot be empty', width: 'Line width must be a number of 0 or more' });
  });

  it("resets the source and value with the type, and a chart's columns with the chart", () => {
    const event = withType({ ...layerToDraft(GOAL) }, 'TIME_SERIES');
    expect([event.sourceType, event.value]).toEqual(['line', null]);
    const chosen = withChart({ ...layerToDraft(null), timeColumn: 'old' }, 8);
    expect(chosen).toMatchObject({ value: 8, timeColumn: '', overrides: { time_range: null } });
  });
});
