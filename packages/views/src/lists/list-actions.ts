import { getClientErrorMessage, type ApiClient } from '@lumen-bi/core';
import type { ToastStore } from '../components/toast-store';
import { REPORT_MESSAGES } from '../reports/report-messages';
import { formatMessage, LIST_MESSAGES } from './list-messages';
import type { ListResource } from './list-types';

/** What one delete needs: the row's id and the title the toasts name it by. */
export interface DeleteTarget {
  id: number;
  title: string;
}

/**
 * Deletes one object and says so (spec 1 §8): 'Deleted: %s', or for a failure the chart wording
 * 'There was an issue deleting: %s' (the error) and the dashboard wording 'There was an issue deleting %s: %s'
 * (title, error). Other resources use the dashboard's, which names what failed, except reports: 'Your report
 * could not be deleted' (spec 3 §8). Resolves true on success.
 *
 * @example
 * await deleteObject(client, toasts, 'chart', { id: 3, title: 'Births' });
 */
export async function deleteObject(client: ApiClient, toasts: ToastStore, resource: ListResource, target: DeleteTarget): Promise<boolean> {
  try {
    await client.delete(`/api/v1/${resource}/${target.id}`);
    toasts.success(formatMessage(LIST_MESSAGES.deleted, target.title));
    return true;
  } catch (error) {
    const message = getClientErrorMessage(error);
    // Reports have their own wording (spec 3 §8), the same as the report menu's.
    if (resource === 'report') toasts.danger(REPORT_MESSAGES.deleteFailed);
    else toasts.danger(resource === 'chart' ? formatMessage(LIST_MESSAGES.chartDeleteFailed, message) : formatMessage(LIST_MESSAGES.dashboardDeleteFailed, target.title, message));
    return false;
  }
}

/** Deletes several objects in one request (`DELETE /api/v1/{resource}/?q=!(ids)`); the server words the success. */
export async function bulkDelete(client: ApiClient, toasts: ToastStore, resource: ListResource, targets: readonly DeleteTarget[], plural: string): Promise<boolean> {
  try {
    const { json } = await client.delete<{ message?: string }>(`/api/v1/${resource}/`, { rison: targets.map((t) => t.id) });
    toasts.success(json?.message ?? formatMessage(LIST_MESSAGES.deleted, targets.map((t) => t.title).join(', ')));
    return true;
  } catch (error) {
    toasts.danger(formatMessage(LIST_MESSAGES.bulkDeleteFailed, plural, getClientErrorMessage(error)));
    return false;
  }
}

interface BulkTagResponse {
  result: { objects_tagged: unknown[]; objects_skipped: unknown[] };
}

/**
 * Tags objects with `POST /api/v1/tag/bulk_create` (spec 1 §7) and reports 'Tagged %s %ss', a warning for
 * objects skipped for lack of edit rights (spec 1 §6), or 'Failed to tag items'.
 *
 * @example
 * await bulkTag(client, toasts, 'chart', [1, 2], ['finance']); // toast 'Tagged 2 charts'
 */
export async function bulkTag(client: ApiClient, toasts: ToastStore, objectType: string, ids: readonly number[], tags: readonly string[]): Promise<boolean> {
  try {
    const { json } = await client.post<BulkTagResponse>('/api/v1/tag/bulk_create', {
      tags,
      objects_to_tag: ids.map((id) => [objectType, id]),
    });
    const tagged = json.result.objects_tagged.length;
    const skipped = json.result.objects_skipped.length;
    if (tagged > 0) toasts.success(formatMessage(LIST_MESSAGES.tagged, tagged, objectType));
    if (skipped > 0) toasts.warning(formatMessage(LIST_MESSAGES.tagSkipped, skipped));
    return true;
  } catch {
    toasts.danger(LIST_MESSAGES.tagFailed);
    return false;
  }
}

/**
 * The address of an export bundle (`GET /api/v1/{resource}/export/?q=!(ids)`, a ZIP). The browser
 * downloads it through a link so the session cookie goes along and nothing is held in memory.
 */
export function exportUrl(client: ApiClient, resource: ListResource, ids: readonly number[]): string {
  return client.buildUrl(`/api/v1/${resource}/export/`, undefined, [...ids]);
}

/** Starts the download of an export bundle. */
export function downloadExport(client: ApiClient, resource: ListResource, ids: readonly number[], doc: Document = document): void {
  const link = doc.createElement('a');
  link.href = exportUrl(client, resource, ids);
  link.download = '';
  link.rel = 'noopener';
  doc.body.appendChild(link);
  link.click();
  link.remove();
}
