import type { ApiClient } from '@lumen-bi/core';
import type { ToastStore } from '../components/toast-store';
import type { Uploader } from '../import/import-upload';

/** What a list screen takes from its host (the app page): no globals, so it also runs embedded and in tests. */
export interface ListPageProps {
  client: ApiClient;
  toasts: ToastStore;
  /** The address query string; the list's state is read from it. */
  search?: string;
  /** Called with the new query string when the list's state changes (replace, not push). */
  onUrlChange?(search: string): void;
  upload?: Uploader;
}
