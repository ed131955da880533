import { getControlPanel } from '@lumen-bi/charts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdhocFilterControl } from './adhoc-filter-popover';
import { ControlField } from './control-field';
import { DatasetPanel } from './dataset-panel';
import { DATASET_DRAG_TYPES, readDatasetDrop, type DragData } from './dataset-drag';
import { MetricPicker } from './metric-picker';
import { BIRTH_NAMES } from './test-support';

afterEach(cleanup);

/** A DataTransfer as the browser hands it to drag events: what dragstart sets, the next events read. */
function createDataTransfer(): DragData & { store: Map<string, string> } {
  const store = new Map<string, string>();
  return {
    store,
    get types() {
      return [...store.keys()];
    },
    getData: (type: string) => store.get(type) ?? '',
    setData: (type: string, value: string) => void store.set(type, value),
    effectAllowed: 'uninitialized',
    dropEffect: 'none',
  } as DragData & { store: Map<string, string> };
}

/** Drags a dataset-panel item (by its text) and returns the transfer it filled. */
function dragFromPanel(text: string) {
  const dataTransfer = createDataTransfer();
  const item = within(screen.getByRole('complementary', { name: 'Dataset' })).getByText(text).closest('li')!;
  expect(item.getAttribute('draggable')).toBe('true');
  fireEvent.dragStart(item, { dataTransfer });
  return dataTransfer;
}

/** dragover then drop on a target; returns whether the target allowed the drop (cancelled dragover). */
function dropOn(target: Element, dataTransfer: DragData) {
  const allowed = !fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
  return allowed;
}

const groupbyConfig = getControlPanel('table').sections.flatMap((s) => s.controlSetRows.flat()).find((c) => c.name === 'groupby')!.config;

function Controls({ onChange }: { onChange(name: string, value: unknown): void }) {
  const [fd, setFd] = useState<Record<string, unknown>>({ metrics: [], groupby: ['name'], adhoc_filters: [] });
  const set = (name: string) => (value: unknown) => {
    setFd((prev) => ({ ...prev, [name]: value }));
    onChange(name, value);
  };
  return (
    <>
      <DatasetPanel datasource={BIRTH_NAMES} />
      <MetricPicker label="Metrics" multi datasource={BIRTH_NAMES} value={fd.metrics} onChange={set('metrics')} />
      <ControlField name="groupby" config={groupbyConfig} value={fd.groupby} datasource={BIRTH_NAMES} onChange={set('groupby')} />
      <AdhocFilterControl label="Filters" datasource={BIRTH_NAMES} value={fd.adhoc_filters} onChange={set('adhoc_filters')} />
    </>
  );
}

describe('dragging from the dataset panel', () => {
  it('puts the kind in the MIME type and the name in the data, Time as the dataset time column', () => {
    render(<DatasetPanel datasource={BIRTH_NAMES} />);
    expect(Object.fromEntries(dragFromPanel('Births').store)).toEqual({ [DATASET_DRAG_TYPES.metric]: 'sum__num', 'text/plain': 'sum__num' });
    expect(dragFromPanel('gender').store.get(DATASET_DRAG_TYPES.column)).toBe('gender');
    expect(dragFromPanel('Time').store.get(DATASET_DRAG_TYPES.column)).toBe('ds');
  });

  it('drops a saved metric into the metrics control and a column into group by, once each', () => {
    const onChange = vi.fn();
    render(<Controls onChange={onChange} />);
    const metrics = screen.getByRole('group', { name: 'Metrics' });
    expect(dropOn(metrics, dragFromPanel('Births'))).toBe(true);
    expect(onChange).toHaveBeenLastCalledWith('metrics', ['sum__num']);
    dropOn(metrics, dragFromPanel('Births'));
    expect(onChange).toHaveBeenCalledTimes(1);

    const groupby = screen.getByRole('combobox', { name: groupbyConfig.label }).closest('.bi-drop-target')!;
    expect(dropOn(groupby, dragFromPanel('gender'))).toBe(true);
    expect(onChange).toHaveBeenLastCalledWith('groupby', ['name', 'gender']);
    dropOn(groupby, dragFromPanel('gender'));
    expect(onChange).toHaveBeenCalledTimes(2);
    // A metric is not a dimension: the group-by control refuses it.
    expect(dropOn(groupby, dragFromPanel('Births'))).toBe(false);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('opens the metric editor on a dropped column, for the aggregate to be chosen', () => {
    const onChange = vi.fn();
    render(<Controls onChange={onChange} />);
    dropOn(screen.getByRole('group', { name: 'Metrics' }), dragFromPanel('num'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('tab', { name: 'Simple' }).getAttribute('aria-selected')).toBe('true');
    const aggregate = screen.getByRole('combobox', { name: 'Aggregate' });
    fireEvent.focus(aggregate);
    fireEvent.change(aggregate, { target: { value: 'MAX' } });
    fireEvent.keyDown(aggregate, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onChange.mock.calls[0][1][0]).toMatchObject({ expressionType: 'SIMPLE', aggregate: 'MAX', column: { column_name: 'num' }, label: 'MAX(num)' });
  });

  it('opens a new filter on a dropped column', () => {
    const onChange = vi.fn();
    render(<Controls onChange={onChange} />);
    expect(dropOn(screen.getByRole('group', { name: 'Filters' }), dragFromPanel('gender'))).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Edit filter' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Filter column' }).getAttribute('data-value')).toBe('gender');
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter value' }), { target: { value: 'boy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onChange.mock.calls[0][1][0]).toMatchObject({ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'gender', operator: '==', comparator: 'boy' });
  });

  it('ignores drops of names the dataset does not have and of foreign drags', () => {
    const forged = createDataTransfer();
    forged.setData(DATASET_DRAG_TYPES.column, 'password');
    expect(readDatasetDrop(forged, ['column'], BIRTH_NAMES)).toBeNull();
    const text = createDataTransfer();
    text.setData('text/plain', 'gender');
    expect(readDatasetDrop(text, ['column'], BIRTH_NAMES)).toBeNull();

    const onChange = vi.fn();
    render(<Controls onChange={onChange} />);
    expect(dropOn(screen.getByRole('group', { name: 'Filters' }), text)).toBe(false);
    dropOn(screen.getByRole('group', { name: 'Metrics' }), forged);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
