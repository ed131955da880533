/**
 * Dashboard properties (spec 2 §5): title, slug, owners, roles (DashboardRbac only), tags (TaggingSystem
 * only), certification, CSS and the JSON metadata. With ConfirmDashboardDiff a change of css or filter
 * scopes against the stored dashboard is shown in an 'Altered' table before the overwrite.
 */
import { getClientErrorMessage } from '@lumen-bi/core';
import { useState } from 'react';
import { Modal } from '../components/modal';
import { fetchDashboard, putDashboard } from './dashboard-api';
import { useDashboard } from './dashboard-context';
import { CONFIRM_OVERWRITE_MESSAGE, diffForConfirm, propertiesPayload, SAVE_SUCCESS_MESSAGE, saveFailedMessage, type DiffRow, type PropertiesForm } from './dashboard-save';
import type { DashboardMetadata } from './dashboard-types';

const ids = (text: string) =>
  text
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);

export function PropertiesModal({ onClose }: { onClose(): void }) {
  const { store } = useDashboard();
  const info = store.info.value!;
  const flags = store.flags;
  const [form, setForm] = useState<PropertiesForm>(() => ({
    dashboard_title: info.dashboard_title ?? '',
    slug: info.slug ?? '',
    owners: info.owners.map((o) => o.id),
    roles: (info.roles ?? []).map((r) => r.id),
    tags: (info.tags ?? []).map((t) => t.id),
    certified_by: info.certified_by ?? '',
    certification_details: info.certification_details ?? '',
    css: info.css ?? '',
    json_metadata: JSON.stringify(store.metadata.value, null, 2),
  }));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [diff, setDiff] = useState<DiffRow[] | null>(null);
  const set = (patch: Partial<PropertiesForm>) => setForm((f) => ({ ...f, ...patch }));

  const write = async () => {
    const body = propertiesPayload(form, flags);
    try {
      await putDashboard(store.api, info.id, body);
      store.applySavedProperties(
        { dashboard_title: body.dashboard_title!, slug: body.slug ?? null, css: body.css ?? '', certified_by: body.certified_by, certification_details: body.certification_details, owners: form.owners.map((id) => info.owners.find((o) => o.id === id) ?? { id }) },
        JSON.parse(form.json_metadata) as DashboardMetadata,
      );
      store.toasts?.success(SAVE_SUCCESS_MESSAGE);
      onClose();
    } catch (failure) {
      store.toasts?.danger(saveFailedMessage(getClientErrorMessage(failure)));
    }
  };

  const submit = async () => {
    let metadata: DashboardMetadata;
    try {
      metadata = JSON.parse(form.json_metadata || '{}') as DashboardMetadata;
      setJsonError(null);
    } catch {
      setJsonError('JSON metadata is invalid!');
      return;
    }
    if (flags.ConfirmDashboardDiff) {
      try {
        const stored = await fetchDashboard(store.api, info.id);
        const rows = diffForConfirm({ css: stored.css ?? '', metadata: JSON.parse(stored.json_metadata || '{}') as DashboardMetadata }, { css: form.css, metadata });
        if (rows.length) {
          setDiff(rows);
          return;
        }
      } catch {
        // The comparison is a courtesy; failing to fetch must not block the save.
      }
    }
    await write();
  };

  if (diff) {
    return (
      <Modal title="Confirm overwrite" show onHide={() => setDiff(null)} onOk={() => void write()} okText="Yes, overwrite changes">
        <p>{CONFIRM_OVERWRITE_MESSAGE}</p>
        <table className="bi-dash-table">
          <thead>
            <tr>
              <th>Field</th>
              <th>Stored</th>
              <th>New</th>
            </tr>
          </thead>
          <tbody>
            {diff.map((row) => (
              <tr key={row.field}>
                <td>
                  {row.field} <span className="bi-dash-badge">Altered</span>
                </td>
                <td>
                  <code>{row.before}</code>
                </td>
                <td>
                  <code>{row.after}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Modal>
    );
  }

  return (
    <Modal title="Dashboard properties" show onHide={onClose} onOk={() => void submit()} okText="Save" responsive>
      <div className="bi-dash-properties">
        <label className="bi-field">
          <span>Title</span>
          <input value={form.dashboard_title} onChange={(e) => set({ dashboard_title: e.target.value })} />
        </label>
        <label className="bi-field">
          <span>URL slug</span>
          <input value={form.slug} onChange={(e) => set({ slug: e.target.value })} />
        </label>
        <label className="bi-field">
          <span>Owners (user ids, comma separated)</span>
          <input value={form.owners.join(', ')} onChange={(e) => set({ owners: ids(e.target.value) })} />
        </label>
        {flags.DashboardRbac && (
          <label className="bi-field">
            <span>Roles (role ids)</span>
            <input value={form.roles.join(', ')} onChange={(e) => set({ roles: ids(e.target.value) })} />
          </label>
        )}
        {flags.TaggingSystem && (
          <label className="bi-field">
            <span>Tags (tag ids)</span>
            <input value={form.tags.join(', ')} onChange={(e) => set({ tags: ids(e.target.value) })} />
          </label>
        )}
        <label className="bi-field">
          <span>Certified by</span>
          <input value={form.certified_by} onChange={(e) => set({ certified_by: e.target.value })} />
        </label>
        <label className="bi-field">
          <span>Certification details</span>
          <input value={form.certification_details} onChange={(e) => set({ certification_details: e.target.value })} />
        </label>
        <label className="bi-field">
          <span>CSS</span>
          <textarea rows={4} value={form.css} onChange={(e) => set({ css: e.target.value })} />
        </label>
        <label className="bi-field">
          <span>JSON metadata</span>
          <textarea rows={10} className="bi-code" value={form.json_metadata} onChange={(e) => set({ json_metadata: e.target.value })} />
        </label>
        {jsonError && <p className="bi-field-error">{jsonError}</p>}
      </div>
    </Modal>
  );
}
