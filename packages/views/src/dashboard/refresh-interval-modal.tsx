/**
 * "Set auto-refresh interval" (the incumbent's RefreshIntervalModal): a viewer's choice applies for the
 * session; in edit mode it is the dashboard's json_metadata.refresh_frequency, saved with the dashboard.
 * Loaded when opened (dashboard-actions-menu.tsx).
 */
import { useId, useState } from 'react';
import { Modal } from '../components/modal';
import { useDashboard } from './dashboard-context';
import { REFRESH_INTERVALS, refreshIntervalLabel } from './refresh-intervals';

export function RefreshIntervalModal({ onClose }: { onClose(): void }) {
  const { store } = useDashboard();
  const editing = store.editMode.value;
  const current = store.refreshFrequency.value;
  const [seconds, setSeconds] = useState(current);
  const hintId = useId();
  // An interval the list lacks (written in the JSON metadata) stays choosable.
  const options = REFRESH_INTERVALS.some((option) => option.seconds === current) ? REFRESH_INTERVALS : [...REFRESH_INTERVALS, { seconds: current, label: refreshIntervalLabel(current) }];
  const apply = () => {
    store.setRefreshFrequency(seconds);
    onClose();
  };
  return (
    <Modal title="Refresh interval" show onHide={onClose} onOk={apply} okText={editing ? 'Apply' : 'Save for this session'} width={420}>
      <label className="bi-field">
        <span>Refresh frequency</span>
        <select className="bi-input" value={seconds} aria-describedby={hintId} onChange={(event) => setSeconds(Number(event.target.value))}>
          {options.map((option) => (
            <option key={option.seconds} value={option.seconds}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <p id={hintId} className="bi-field__hint">
        {editing
          ? 'Saved with the dashboard when you save it: every viewer gets it.'
          : 'For this session only: the dashboard keeps its saved interval for everyone else.'}{' '}
        Charts are queried again without bypassing the cache, and not while this page is hidden.
      </p>
    </Modal>
  );
}
