import { X } from './icons';
import { useSignals } from '@preact/signals-react/runtime';
import type { ToastStore } from './toast-store';

export interface ToastsProps {
  store: ToastStore;
}

/**
 * The toast stack (bottom right). Danger and warning toasts are alerts; the others are polite status
 * messages, so screen readers are not interrupted by routine confirmations.
 *
 * @example
 * <Toasts store={toasts} />
 */
export function Toasts({ store }: ToastsProps) {
  useSignals();
  const toasts = store.toasts.value;
  return (
    <div className="bi-toasts" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`bi-toast bi-toast--${toast.toastType}`} role={toast.toastType === 'danger' || toast.toastType === 'warning' ? 'alert' : 'status'}>
          <span className="bi-toast__text">{toast.text}</span>
          <button type="button" className="bi-toast__close" aria-label="Close" onClick={() => store.remove(toast.id)}>
            <X size={14} aria-hidden="true" />
          </button>
        </div>
      ))}
    </div>
  );
}
