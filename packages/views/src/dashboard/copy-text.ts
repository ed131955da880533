/** Copies a link for the share actions with the spec's messages ('Link Copied!' or the fallback advice). */
import type { ToastStore } from '../components/toast-store';

export const LINK_COPIED = 'Link Copied!';
export const COPY_UNSUPPORTED = 'Sorry, your browser does not support copying. Use Ctrl / Cmd + C!';

export async function copyText(text: string, toasts?: ToastStore, successMessage = LINK_COPIED): Promise<boolean> {
  try {
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (!clipboard) throw new Error('no clipboard');
    await clipboard.writeText(text);
    toasts?.success(successMessage);
    return true;
  } catch {
    toasts?.warning(`${COPY_UNSUPPORTED} ${text}`);
    return false;
  }
}
