import { useState } from 'react';
import { Modal } from '../components/modal';
import type { SaveFields } from './saved-query-actions';

export interface ScheduleQueryModalProps {
  initialLabel: string;
  onSchedule(fields: SaveFields, scheduleInfo: Record<string, unknown>): void;
  onHide(): void;
}

/** Scheduling a query: the saved query's name and description plus when it runs (cron text) and where results go. */
export function ScheduleQueryModal({ initialLabel, onSchedule, onHide }: ScheduleQueryModalProps) {
  const [label, setLabel] = useState(initialLabel);
  const [description, setDescription] = useState('');
  const [crontab, setCrontab] = useState('0 8 * * *');
  const [outputTable, setOutputTable] = useState('');
  const valid = label.trim().length > 0 && crontab.trim().split(/\s+/).length === 5;
  return (
    <Modal
      title="Schedule query"
      show
      onHide={onHide}
      okText="Submit"
      okDisabled={!valid}
      onOk={() => onSchedule({ label: label.trim(), description }, { crontab: crontab.trim(), ...(outputTable.trim() ? { output_table: outputTable.trim() } : {}) })}
    >
      <label className="bi-control">
        <span className="bi-control__label">
          Label <span className="bi-required">*</span>
        </span>
        <input className="bi-input" aria-label="Label" value={label} onChange={(e) => setLabel(e.target.value)} />
      </label>
      <label className="bi-control">
        <span className="bi-control__label">Description</span>
        <textarea className="bi-input" aria-label="Description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <label className="bi-control">
        <span className="bi-control__label">
          Schedule (cron) <span className="bi-required">*</span>
        </span>
        <input className="bi-input bi-input--code" aria-label="Schedule (cron)" value={crontab} onChange={(e) => setCrontab(e.target.value)} />
      </label>
      <label className="bi-control">
        <span className="bi-control__label">Output table</span>
        <input className="bi-input" aria-label="Output table" value={outputTable} onChange={(e) => setOutputTable(e.target.value)} />
      </label>
    </Modal>
  );
}
