import { Modal } from '../components/modal';

export interface DeleteConfirmModalProps {
  /** What is about to be deleted, as the user knows it; null hides the dialog. */
  titles: readonly string[] | null;
  onHide(): void;
  onConfirm(): void;
}

/** Asks before deleting, naming every object, because a delete cannot be undone. */
export function DeleteConfirmModal({ titles, onHide, onConfirm }: DeleteConfirmModalProps) {
  return (
    <Modal title="Please confirm" show={titles !== null} onHide={onHide} okText="Delete" onOk={onConfirm}>
      <p>Are you sure you want to delete {titles && titles.length === 1 ? <strong>{titles[0]}</strong> : `${titles?.length ?? 0} selected items`}?</p>
    </Modal>
  );
}
