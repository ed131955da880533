import { useState } from 'react';
import { Modal } from '../components/modal';
import { useTranslation } from '../i18n/locale-provider';

export interface CreateDatasetModalProps {
  initialName: string;
  onCreate(name: string): void;
  onHide(): void;
}

/** Names the virtual dataset made from a query's SQL ('Create dataset'). */
export function CreateDatasetModal({ initialName, onCreate, onHide }: CreateDatasetModalProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  return (
    <Modal title={t('Save or Overwrite Dataset')} show onHide={onHide} okText={t('Save')} okDisabled={!name.trim()} onOk={() => onCreate(name.trim())}>
      <label className="bi-control">
        <span className="bi-control__label">
          {t('Dataset name')} <span className="bi-required">*</span>
        </span>
        <input className="bi-input" aria-label={t('Dataset name')} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
    </Modal>
  );
}
