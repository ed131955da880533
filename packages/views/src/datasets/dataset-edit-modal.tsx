import { getClientErrorMessage, type ApiClient } from '@lumen-bi/core';
import { useEffect, useState } from 'react';
import { Modal } from '../components/modal';
import type { ToastStore } from '../components/toast-store';
import { ColumnsTab } from './columns-tab';
import { datasetErrors, saveDataset, sqlChanged } from './dataset-payload';
import type { DatasetDetail } from './dataset-types';
import { MetricsTab } from './metrics-tab';
import { SettingsTab } from './settings-tab';
import { LoadingLines } from '../components/skeleton';

/** Messages of the dataset editor, word for word (spec 2 §8). */
export const DATASET_SAVED_MESSAGE = 'The dataset has been saved';
export const DATASET_SAVE_ERROR_TITLE = 'Error saving dataset';
export const MANAGED_EXTERNALLY_NOTICE = 'This dataset is managed externally, and can\'t be edited in Lumen';

/** The edit modal is 900px tall (spec 2 §2, §9), less where the viewport is shorter: its body scrolls, the footer stays. */
export const EDIT_DATASET_MODAL_HEIGHT_PX = 900;

const TABS = [
  { key: 'settings', label: 'Settings' },
  { key: 'metrics', label: 'Metrics' },
  { key: 'columns', label: 'Columns' },
  { key: 'calculated', label: 'Calculated columns' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

export interface DatasetEditModalProps {
  client: ApiClient;
  datasetId: number | null;
  onHide(): void;
  toasts?: ToastStore;
  /** Called with the dataset as read back after a save. */
  onSaved?(dataset: DatasetDetail): void;
}

type Phase = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready' };

/**
 * Edit dataset (spec 2 §2, §4): tabs for settings, metrics, columns and calculated columns, with
 * certification and warning markdown. Save asks for confirmation, then PUTs (override_columns when the SQL
 * changed), reads the dataset back, says 'The dataset has been saved' and closes. Save is disabled while
 * saving, while validation errors exist and for externally managed datasets.
 *
 * @example
 * <DatasetEditModal client={client} datasetId={3} toasts={toasts} onHide={close} onSaved={refresh} />
 */
export function DatasetEditModal({ client, datasetId, onHide, toasts, onSaved }: DatasetEditModalProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [original, setOriginal] = useState<DatasetDetail | null>(null);
  const [edited, setEdited] = useState<DatasetDetail | null>(null);
  const [tab, setTab] = useState<TabKey>('settings');
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  useEffect(() => {
    if (datasetId === null) return;
    let live = true;
    setPhase({ kind: 'loading' });
    setTab('settings');
    client.get<{ result: DatasetDetail }>(`/api/v1/dataset/${datasetId}`).then(
      ({ json }) => {
        if (!live) return;
        setOriginal(json.result);
        setEdited(json.result);
        setPhase({ kind: 'ready' });
      },
      (error: unknown) => live && setPhase({ kind: 'error', message: getClientErrorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [client, datasetId]);

  if (datasetId === null) return null;
  const managed = Boolean(original?.is_managed_externally);
  const errors = edited ? datasetErrors(edited) : [];
  const saveDisabled = phase.kind !== 'ready' || saving || errors.length > 0 || managed;
  const patch = (change: Partial<DatasetDetail>) => setEdited((d) => (d ? { ...d, ...change } : d));

  const save = async () => {
    setConfirming(false);
    if (!original || !edited || managed) return;
    setSaving(true);
    setSaveError(null);
    try {
      const saved = await saveDataset(client, original, edited);
      toasts?.success(DATASET_SAVED_MESSAGE);
      onSaved?.(saved);
      onHide();
    } catch (error) {
      setSaveError(getClientErrorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Modal
        title={`Edit Dataset${original ? ` ${original.table_name}` : ''}`}
        show
        onHide={onHide}
        responsive
        height={EDIT_DATASET_MODAL_HEIGHT_PX}
        onOk={() => setConfirming(true)}
        okText={saving ? 'Saving…' : 'Save'}
        okDisabled={saveDisabled}
      >
        <div className="bi-dataset-editor">
          {phase.kind === 'loading' && <LoadingLines label="Loading dataset" />}
          {phase.kind === 'error' && (
            <p className="bi-alert bi-alert--error" role="alert">
              {phase.message}
            </p>
          )}
          {phase.kind === 'ready' && edited && (
            <>
              {managed && (
                <p className="bi-alert bi-alert--warning" role="status">
                  {MANAGED_EXTERNALLY_NOTICE}
                  {original?.external_url ? (
                    <>
                      {' '}
                      <a href={original.external_url}>Open the source</a>
                    </>
                  ) : null}
                </p>
              )}
              {errors.length > 0 && (
                <ul className="bi-alert bi-alert--error" aria-label="Validation errors">
                  {errors.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              )}
              <div className="bi-tabs" role="tablist">
                {TABS.map((t) => (
                  <button key={t.key} type="button" role="tab" aria-selected={tab === t.key} onClick={() => setTab(t.key)}>
                    {t.label}
                  </button>
                ))}
              </div>
              <div role="tabpanel" aria-label={TABS.find((t) => t.key === tab)?.label}>
                {tab === 'settings' && <SettingsTab dataset={edited} disabled={managed} onChange={patch} />}
                {tab === 'metrics' && <MetricsTab metrics={edited.metrics} disabled={managed} onChange={(metrics) => patch({ metrics })} />}
                {(tab === 'columns' || tab === 'calculated') && (
                  <ColumnsTab columns={edited.columns} calculated={tab === 'calculated'} disabled={managed} onChange={(columns) => patch({ columns })} />
                )}
              </div>
            </>
          )}
        </div>
      </Modal>
      <Modal title="Confirm save" show={confirming} onHide={() => setConfirming(false)} okText="OK" onOk={() => void save()}>
        <p>Are you sure you want to save and apply changes?</p>
        {original && edited && sqlChanged(original, edited) && (
          <p className="bi-alert bi-alert--warning">The SQL changed: the dataset's columns will be read again from the new query.</p>
        )}
      </Modal>
      <Modal title={DATASET_SAVE_ERROR_TITLE} show={saveError !== null} onHide={() => setSaveError(null)} okText="OK" onOk={() => setSaveError(null)}>
        <p role="alert">{saveError}</p>
      </Modal>
    </>
  );
}
