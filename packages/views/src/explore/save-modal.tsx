import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Modal } from '../components/modal';
import { Select } from '../components/select';
import type { ExploreStore } from './explore-store';
import { chartDashboards, listDashboards } from './save-chart';

export interface SaveModalProps {
  store: ExploreStore;
  /** In-app navigation for 'Save & go to dashboard'; without it the browser loads the dashboard's address. */
  onNavigate?(href: string): void;
}

/** The address of a dashboard, as the incumbent's save modal opens it. */
export const dashboardHref = (id: number) => `/superset/dashboard/${id}/`;

/**
 * The save-chart modal (spec 3 §2): chart name, overwrite (owners only) or save as new, and dashboards to
 * add the chart to, existing ones or new ones created by typing a name. Failures show 'Failed to save
 * slice' inside the modal. 'Save & go to dashboard' saves, then opens the last dashboard chosen.
 * The dashboards' options open inside the dialog (not over its buttons).
 *
 * @example
 * <SaveModal store={store} />
 */
export function SaveModal({ store, onNavigate }: SaveModalProps) {
  useSignals();
  const { open, alert, saving } = store.saveModal.value;
  const slice = store.slice.value;
  const canOverwrite = store.canOverwrite.value;
  const [name, setName] = useState('');
  const [action, setAction] = useState<'overwrite' | 'saveas'>('saveas');
  const [dashboards, setDashboards] = useState<Array<number | string>>([]);
  const [known, setKnown] = useState<{ id: number; dashboard_title: string }[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setName(slice?.slice_name ?? '');
    setAction(canOverwrite ? 'overwrite' : 'saveas');
    setDashboards([]);
    setLoadError(null);
    let live = true;
    listDashboards(store.client)
      .then((list) => live && setKnown(list))
      .catch(() => live && setLoadError('There was an error loading the dashboards'));
    if (slice) {
      chartDashboards(store.client, slice.id)
        .then((ids) => live && setDashboards(ids))
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
    // Reset each time the modal opens, for the chart as it is then.
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = async (goToDashboard = false) => {
    const titles = Object.fromEntries(known.map((d) => [d.id, d.dashboard_title]));
    try {
      await store.save({ action, sliceName: name, dashboards, dashboardTitles: titles });
    } catch {
      // The store put 'Failed to save slice' in the modal.
      return;
    }
    if (!goToDashboard || dashboards.length === 0) return;
    // The saved chart's dashboards are in the order chosen (new ones created in place): the last one chosen.
    const saved = store.slice.value?.dashboards ?? [];
    const target = saved[dashboards.length - 1] ?? saved[saved.length - 1];
    if (target === undefined) return;
    const href = dashboardHref(target);
    if (onNavigate) onNavigate(href);
    else window.location.assign(href);
  };
  const disabled = saving || !name.trim();

  return (
    <Modal
      title="Save chart"
      show={open}
      onHide={store.closeSaveModal}
      footer={
        <>
          <button type="button" className="bi-button" onClick={store.closeSaveModal}>
            Cancel
          </button>
          <button type="button" className="bi-button" disabled={disabled || dashboards.length === 0} onClick={() => void submit(true)}>
            Save &amp; go to dashboard
          </button>
          <button type="button" className="bi-button bi-button--primary" disabled={disabled} onClick={() => void submit()}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      {alert && (
        <p className="bi-alert bi-alert--danger" role="alert">
          {alert}
        </p>
      )}
      <fieldset className="bi-save-modal__action bi-radio-group">
        <legend className="bi-visually-hidden">Save mode</legend>
        <label className="bi-radio">
          <input type="radio" name="bi-save-action" checked={action === 'overwrite'} disabled={!canOverwrite} onChange={() => setAction('overwrite')} /> Save (Overwrite)
        </label>
        <label className="bi-radio">
          <input type="radio" name="bi-save-action" checked={action === 'saveas'} onChange={() => setAction('saveas')} /> Save as...
        </label>
      </fieldset>
      <label className="bi-field">
        <span>
          Chart name <span className="bi-required">*</span>
        </span>
        <input className="bi-input" value={name} onChange={(e) => setName(e.target.value)} required />
      </label>
      <div className="bi-field">
        <span>Add to dashboard</span>
        <Select
          label="Add to dashboard"
          multi
          freeForm
          options={known.map((d) => ({ value: d.id, label: d.dashboard_title }))}
          value={dashboards}
          onChange={(v) => setDashboards((v as Array<number | string>) ?? [])}
          placeholder="Select a dashboard or type a new name"
          createLabel={(text) => `Create "${text}"`}
          error={loadError}
        />
      </div>
    </Modal>
  );
}
