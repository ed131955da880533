/**
 * The filter config modal: create filters and dividers, edit, reorder, delete with a 5000 ms restore
 * window (spec 2 §4), then save through PUT /api/v1/dashboard/{id}/filters. Validation is core's; on
 * failure the first errored filter is focused. The cross-filter switch saves json_metadata and shows
 * 'Failed to save cross-filter scoping' when that fails.
 */
import { useSignals } from '@preact/signals-react/runtime';
import {
  FILTER_REMOVAL_UNDO_MS,
  NATIVE_FILTER_TYPES,
  getClientErrorMessage,
  validateNativeFilters,
  wouldCreateCascadeCycle,
  type NativeFilter,
  type NativeFilterConfig,
  type NativeFilterDivider,
  type NativeFilterIssue,
} from '@lumen-bi/core';
import { useEffect, useRef, useState } from 'react';
import { Modal } from '../components/modal';
import { FILTER_CONFIG_CSS } from './filter-config-styles';
import { Glyph } from '../components/glyphs';
import { Select } from '../components/select';
import { putDashboard, putFilters } from './dashboard-api';
import { useDashboard } from './dashboard-context';
import { CROSS_FILTER_SAVE_FAILED, filterChanges, filterToFocus, newDivider, newNativeFilter, reorder } from './filter-config-changes';
import { initialDataMasks, isNativeFilter } from './filter-data-masks';

interface DatasetInfo {
  id: number;
  table_name: string;
  columns: { column_name: string; is_dttm?: boolean }[];
}

export function FilterConfigModal({ onClose }: { onClose(): void }) {
  useSignals();
  const { store } = useDashboard();
  const original = store.filters.value;
  const [list, setList] = useState<NativeFilterConfig[]>(() => structuredClone(original));
  const [current, setCurrent] = useState<string | null>(original[0]?.id ?? null);
  const [pendingDelete, setPendingDelete] = useState<string[]>([]);
  const [deleted, setDeleted] = useState<string[]>([]);
  const [issues, setIssues] = useState<NativeFilterIssue[]>([]);
  const [saving, setSaving] = useState(false);
  const [datasets, setDatasets] = useState<DatasetInfo[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const dashboardId = store.info.value!.id;

  useEffect(() => {
    store.api.get<{ result: DatasetInfo[] }>(`/api/v1/dashboard/${dashboardId}/datasets`).then(({ json }) => setDatasets(json.result), () => undefined);
    const pending = timers.current;
    return () => pending.forEach((t) => clearTimeout(t));
  }, [store, dashboardId]);

  const update = (id: string, patch: Partial<NativeFilter> | Partial<NativeFilterDivider>) =>
    setList((l) => l.map((f) => (f.id === id ? ({ ...f, ...patch } as NativeFilterConfig) : f)));
  const add = (item: NativeFilterConfig) => {
    setList((l) => [...l, item]);
    setCurrent(item.id);
  };
  // Deleting starts the undo window; when it closes the filter leaves the list (deleted on save).
  const remove = (id: string) => {
    setPendingDelete((p) => [...p, id]);
    timers.current.set(
      id,
      setTimeout(() => {
        timers.current.delete(id);
        setPendingDelete((p) => p.filter((x) => x !== id));
        setDeleted((d) => [...d, id]);
        setList((l) => l.filter((f) => f.id !== id));
      }, FILTER_REMOVAL_UNDO_MS),
    );
  };
  const restore = (id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setPendingDelete((p) => p.filter((x) => x !== id));
  };

  const save = async () => {
    const kept = list.filter((f) => !pendingDelete.includes(f.id));
    const found = validateNativeFilters(kept);
    setIssues(found);
    if (found.length) {
      const focus = filterToFocus(found, kept.map((f) => f.id), current);
      if (focus) setCurrent(focus);
      return;
    }
    setSaving(true);
    try {
      const result = await putFilters(store.api, dashboardId, filterChanges(original, kept, [...deleted, ...pendingDelete]));
      const meta = { ...store.metadata.value, native_filter_configuration: Array.isArray(result) ? result : kept };
      store.applySavedProperties({}, meta);
      store.setDataMask(initialDataMasks(meta.native_filter_configuration, store.dataMask.value));
      onClose();
    } catch (failure) {
      store.toasts?.danger(getClientErrorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  const toggleCrossFilters = async (enabled: boolean) => {
    const meta = { ...store.metadata.value, cross_filters_enabled: enabled };
    try {
      await putDashboard(store.api, dashboardId, { json_metadata: JSON.stringify(meta) });
      store.applySavedProperties({}, meta);
    } catch {
      store.toasts?.danger(CROSS_FILTER_SAVE_FAILED);
    }
  };

  const selected = list.find((f) => f.id === current) ?? null;
  const issuesOf = (id: string) => issues.filter((i) => i.filterId === id);
  // The dialog's rules come with it, before the dialog's own COMPONENTS_CSS (filter-config-styles.ts).
  return (
    <>
    <style>{FILTER_CONFIG_CSS}</style>
    <Modal title="Add and edit filters" show onHide={onClose} onOk={save} okText={saving ? 'Saving…' : 'Save'} okDisabled={saving} responsive>
      <div className="bi-dash-filter-config">
        <div className="bi-dash-filter-config__list">
          <label className="bi-checkbox">
            <input type="checkbox" checked={Boolean(store.metadata.value.cross_filters_enabled)} onChange={(e) => void toggleCrossFilters(e.target.checked)} /> Enable cross-filtering
          </label>
          <ul>
            {list.map((f, i) => {
              const name = isNativeFilter(f) ? f.name || '[untitled]' : (f as NativeFilterDivider).title || '[divider]';
              const pending = pendingDelete.includes(f.id);
              return (
                <li key={f.id} className={`${f.id === current ? 'bi-dash-filter-config__item--current' : ''}${issuesOf(f.id).length ? ' bi-dash-filter-config__item--error' : ''}`}>
                  {pending ? (
                    <>
                      <s>{name}</s>
                      <button type="button" className="bi-link-button" onClick={() => restore(f.id)}>
                        Restore filter
                      </button>
                    </>
                  ) : (
                    <>
                      <button type="button" className="bi-link-button bi-dash-filter-config__name" aria-current={f.id === current} onClick={() => setCurrent(f.id)}>
                        {name}
                      </button>
                      <button type="button" className="bi-icon-button" aria-label={`Move ${name} up`} disabled={i === 0} onClick={() => setList((l) => reorder(l, i, i - 1))}>
                        <Glyph name="up" />
                      </button>
                      <button type="button" className="bi-icon-button" aria-label={`Move ${name} down`} disabled={i === list.length - 1} onClick={() => setList((l) => reorder(l, i, i + 1))}>
                        <Glyph name="down" />
                      </button>
                      <button type="button" className="bi-icon-button" aria-label={`Delete ${name}`} onClick={() => remove(f.id)}>
                        <Glyph name="trash" />
                      </button>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
          <div className="bi-dash-filter-config__add">
            <button type="button" className="bi-button" onClick={() => add(newNativeFilter())}>
              + Add filter
            </button>
            <button type="button" className="bi-button" onClick={() => add(newDivider())}>
              + Add divider
            </button>
          </div>
        </div>
        <div className="bi-dash-filter-config__form">
          {selected && isNativeFilter(selected) && (
            <FilterForm key={selected.id} filter={selected} all={list} datasets={datasets} issues={issuesOf(selected.id)} onChange={(p) => update(selected.id, p)} />
          )}
          {selected && !isNativeFilter(selected) && (
            <div>
              <label className="bi-field">
                <span>Title</span>
                <input className="bi-input" value={(selected as NativeFilterDivider).title} onChange={(e) => update(selected.id, { title: e.target.value })} />
              </label>
              <label className="bi-field">
                <span>Description</span>
                <textarea className="bi-input" rows={3} value={(selected as NativeFilterDivider).description ?? ''} onChange={(e) => update(selected.id, { description: e.target.value })} />
              </label>
              <Issues issues={issuesOf(selected.id)} />
            </div>
          )}
        </div>
      </div>
    </Modal>
    </>
  );
}

function Issues({ issues }: { issues: NativeFilterIssue[] }) {
  return issues.length ? (
    <ul className="bi-field-error" role="alert">
      {issues.map((i) => (
        <li key={`${i.field}${i.message}`}>{i.message}</li>
      ))}
    </ul>
  ) : null;
}

/** The incumbent's names of the filter types. */
const FILTER_TYPE_LABELS: Partial<Record<string, string>> = {
  filter_select: 'Value',
  filter_range: 'Numerical range',
  filter_time: 'Time range',
  filter_timecolumn: 'Time column',
  filter_timegrain: 'Time grain',
};

interface FilterFormProps {
  filter: NativeFilter;
  all: NativeFilterConfig[];
  datasets: DatasetInfo[];
  issues: NativeFilterIssue[];
  onChange(patch: Partial<NativeFilter>): void;
}

function FilterForm({ filter, all, datasets, issues, onChange }: FilterFormProps) {
  const target = filter.targets?.[0] ?? {};
  const dataset = datasets.find((d) => d.id === target.datasetId);
  const cv = filter.controlValues ?? {};
  const setControl = (key: string, value: unknown) => onChange({ controlValues: { ...cv, [key]: value } });
  const parents = all.filter((f) => isNativeFilter(f) && f.id !== filter.id && !wouldCreateCascadeCycle(all.filter(isNativeFilter), filter.id, f.id));
  return (
    <div className="bi-dash-filter-form" aria-label="Filter settings">
      <label className="bi-field">
        <span>Filter name</span>
        <input className="bi-input" autoFocus value={filter.name} onChange={(e) => onChange({ name: e.target.value })} />
      </label>
      <div className="bi-field">
        <span>Filter type</span>
        <Select label="Filter type" options={NATIVE_FILTER_TYPES.map((t) => ({ value: t, label: FILTER_TYPE_LABELS[t] ?? t }))} value={filter.filterType} onChange={(v) => onChange({ filterType: v as NativeFilter['filterType'] })} />
      </div>
      <div className="bi-field">
        <span>Dataset</span>
        <Select
          label="Dataset"
          options={datasets.map((d) => ({ value: d.id, label: d.table_name }))}
          value={target.datasetId ?? null}
          onChange={(v) => onChange({ targets: [{ ...target, datasetId: v as number, column: undefined }] })}
        />
      </div>
      {filter.filterType !== 'filter_time' && filter.filterType !== 'filter_timegrain' && filter.filterType !== 'filter_timecolumn' && (
        <div className="bi-field">
          <span>Column</span>
          <Select
            label="Column"
            options={(dataset?.columns ?? []).map((c) => ({ value: c.column_name, label: c.column_name }))}
            value={target.column?.name ?? null}
            onChange={(v) => onChange({ targets: [{ ...target, column: v ? { name: String(v) } : undefined }] })}
          />
        </div>
      )}
      {filter.filterType === 'filter_select' && (
        <>
          <label className="bi-checkbox">
            <input type="checkbox" checked={cv.multiSelect !== false} onChange={(e) => setControl('multiSelect', e.target.checked)} /> Can select multiple values
          </label>
          <label className="bi-checkbox">
            <input type="checkbox" checked={Boolean(cv.inverseSelection)} onChange={(e) => setControl('inverseSelection', e.target.checked)} /> Inverse selection
          </label>
          <label className="bi-checkbox">
            <input type="checkbox" checked={Boolean(cv.defaultToFirstItem)} onChange={(e) => setControl('defaultToFirstItem', e.target.checked)} /> Select first filter value by default
          </label>
          <div className="bi-field">
            <span>Values are dependent on other filters</span>
            <Select label="Values are dependent on other filters" multi options={parents.map((p) => ({ value: p.id, label: (p as NativeFilter).name || p.id }))} value={filter.cascadeParentIds ?? []} onChange={(v) => onChange({ cascadeParentIds: v as string[] })} />
          </div>
        </>
      )}
      <label className="bi-checkbox">
        <input type="checkbox" checked={Boolean(cv.enableEmptyFilter)} onChange={(e) => setControl('enableEmptyFilter', e.target.checked)} /> Filter value is required
      </label>
      <label className="bi-field">
        <span>Description</span>
        <textarea className="bi-input" rows={3} value={String(filter.description ?? '')} onChange={(e) => onChange({ description: e.target.value })} />
      </label>
      <Issues issues={issues} />
    </div>
  );
}
