/**
 * "Save as" (the incumbent's save modal in its copy form): the dashboard as viewed, under a new name, with
 * its charts shared or copied (POST /api/v1/dashboard/{id}/copy/); then the app opens the new dashboard.
 * Offered where the host can navigate (dashboard-actions-menu.tsx); loaded when opened.
 */
import { getClientErrorMessage } from '@lumen-bi/core';
import { useId, useState } from 'react';
import { Modal } from '../components/modal';
import { useDashboard } from './dashboard-context';
import { copyDashboardPayload } from './dashboard-save';

export const SAVE_AS_NAME_REQUIRED = 'Enter a name for the new dashboard';

/** The address of a dashboard in the app. */
export const dashboardPath = (id: number) => `/superset/dashboard/${id}/`;

export function SaveAsModal({ onClose }: { onClose(): void }) {
  const { store, navigate } = useDashboard();
  const info = store.info.value!;
  const [name, setName] = useState(`${info.dashboard_title} [copy]`);
  const [duplicate, setDuplicate] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { name: useId(), error: useId(), hint: useId() };

  const save = async () => {
    const title = name.trim();
    if (!title) {
      setError(SAVE_AS_NAME_REQUIRED);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const body = copyDashboardPayload(title, store.layout.value, store.metadata.value, info.css ?? '', duplicate);
      const { json } = await store.api.post<{ result: { id: number } }>(`/api/v1/dashboard/${info.id}/copy/`, body);
      store.toasts?.success(`Saved as ${title}`);
      onClose();
      navigate?.(dashboardPath(json.result.id));
    } catch (failure) {
      setError(getClientErrorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <Modal title="Save as" show onHide={onClose} onOk={() => void save()} okText={busy ? 'Saving…' : 'Save'} okDisabled={busy} width={480}>
      <div className="bi-field">
        <label htmlFor={ids.name}>Name</label>
        <input
          id={ids.name}
          className="bi-input"
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !busy) void save();
          }}
        />
        {error && (
          <p id={ids.error} className="bi-field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <label className="bi-checkbox">
        <input type="checkbox" checked={duplicate} aria-describedby={ids.hint} onChange={(event) => setDuplicate(event.target.checked)} />
        Also copy charts
      </label>
      <p id={ids.hint} className="bi-field__hint">
        Without it, the new dashboard shows the same charts as this one: a change to a chart shows on both.
      </p>
    </Modal>
  );
}
