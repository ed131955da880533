import { signal, type ReadonlySignal } from '@preact/signals-react';
import { TOAST_DURATIONS_MS } from '@lumen-bi/core';

/** Toast kinds and how long each stays (spec 3 §9: info/success 4 s, warning 6 s, danger 8 s). */
export type ToastType = keyof typeof TOAST_DURATIONS_MS;

/** A toast (spec 3 §3): id, toastType, text, duration, noDuplicate. */
export interface Toast {
  id: string;
  toastType: ToastType;
  text: string;
  duration: number;
  noDuplicate: boolean;
}

export interface ToastOptions {
  duration?: number;
  /** Skip the toast when one with the same text is already shown. */
  noDuplicate?: boolean;
}

/** Toasts as a signal; created by the host and passed to views, so two embedded views never share one. */
export interface ToastStore {
  readonly toasts: ReadonlySignal<readonly Toast[]>;
  add(toastType: ToastType, text: string, options?: ToastOptions): Toast | null;
  info(text: string, options?: ToastOptions): Toast | null;
  success(text: string, options?: ToastOptions): Toast | null;
  warning(text: string, options?: ToastOptions): Toast | null;
  danger(text: string, options?: ToastOptions): Toast | null;
  remove(id: string): void;
}

/**
 * Creates a toast store. Each toast removes itself after its duration (0 keeps it until dismissed).
 *
 * @example
 * const toasts = createToastStore();
 * toasts.success('Chart [Births] has been saved');
 */
// Wrapped, not passed as-is: browsers throw 'Illegal invocation' when setTimeout is called as a method of
// another object (happy-dom does not, which is how this hid from the unit tests).
const browserTimers = {
  set: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clear: (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle),
};

export function createToastStore(
  timers: { set: (fn: () => void, ms: number) => ReturnType<typeof setTimeout>; clear: (handle: ReturnType<typeof setTimeout>) => void } = browserTimers,
): ToastStore {
  const toasts = signal<readonly Toast[]>([]);
  const handles = new Map<string, ReturnType<typeof setTimeout>>();
  let counter = 0;

  const remove = (id: string) => {
    const handle = handles.get(id);
    if (handle !== undefined) timers.clear(handle);
    handles.delete(id);
    toasts.value = toasts.value.filter((t) => t.id !== id);
  };

  const add = (toastType: ToastType, text: string, options: ToastOptions = {}): Toast | null => {
    const noDuplicate = options.noDuplicate ?? false;
    if (noDuplicate && toasts.value.some((t) => t.text === text)) return null;
    counter += 1;
    const toast: Toast = { id: `toast-${counter}`, toastType, text, duration: options.duration ?? TOAST_DURATIONS_MS[toastType], noDuplicate };
    toasts.value = [...toasts.value, toast];
    if (toast.duration > 0) handles.set(toast.id, timers.set(() => remove(toast.id), toast.duration));
    return toast;
  };

  return {
    toasts,
    add,
    info: (text, options) => add('info', text, options),
    success: (text, options) => add('success', text, options),
    warning: (text, options) => add('warning', text, options),
    danger: (text, options) => add('danger', text, options),
    remove,
  };
}
