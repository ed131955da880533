/**
 * Dashboard properties (spec 2 §5): title, slug, owners, roles (DashboardRbac only), tags (TaggingSystem
 * only), certification, CSS and the JSON metadata. With ConfirmDashboardDiff a change of css or filter
 * scopes against the stored dashboard is shown in an 'Altered' table before the overwrite.
 */
import { getClientErrorMessage } from '@lumen-bi/core';
import { useMemo, useState } from 'react';
import { Modal } from '../components/modal';
import { Select, type LoadSelectOptions, type SelectPage } from '../components/select';
import type { SelectOption } from '../components/select-values';
import { fetchDashboard, putDashboard } from './dashboard-api';
import { useDashboard } from './dashboard-context';
import { CONFIRM_OVERWRITE_MESSAGE, diffForConfirm, propertiesPayload, SAVE_SUCCESS_MESSAGE, saveFailedMessage, type DiffRow, type PropertiesForm } from './dashboard-save';
import type { DashboardMetadata, DashboardOwner } from './dashboard-types';
import { loadDashboardTagPage, loadRelatedPage } from './properties-options';

/** The owner's name as the dashboard gives it; null when it gives only the id (the server names it then). */
const ownerName = (o: DashboardOwner) => [o.first_name, o.last_name].filter(Boolean).join(' ') || null;
const numbers = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : []);
const named = (items: readonly { id: number; label: string | null | undefined }[]): SelectOption[] => items.filter((i) => i.label).map((i) => ({ value: i.id, label: i.label! }));

interface PickerSources {
  /** Names the dashboard already knows for its chosen owners, roles and tags. */
  owners: SelectOption[];
  roles: SelectOption[];
  tags: SelectOption[];
  loadOwners: LoadSelectOptions;
  loadRoles: LoadSelectOptions;
  loadTags: LoadSelectOptions;
  /** Every option the server has returned, so a newly picked owner can be named on save. */
  seen: Map<number, string>;
}

/**
 * Server-side sources for the owners, roles (DashboardRbac) and tags (TaggingSystem) pickers. The
 * unfiltered first page asks for the chosen ids too, so the server names chosen owners the dashboard
 * lists only by id.
 */
function usePickerSources(): PickerSources {
  const { store } = useDashboard();
  const info = store.info.value!;
  const [seen] = useState(() => new Map<number, string>());
  return useMemo(() => {
    const remember = (page: SelectPage): SelectPage => {
      for (const o of page.options) if (typeof o.value === 'number') seen.set(o.value, o.label);
      return page;
    };
    const ownerIds = info.owners.map((o) => o.id);
    const roleIds = (info.roles ?? []).map((r) => r.id);
    return {
      owners: named(info.owners.map((o) => ({ id: o.id, label: ownerName(o) }))),
      roles: named((info.roles ?? []).map((r) => ({ id: r.id, label: r.name }))),
      tags: named((info.tags ?? []).map((t) => ({ id: t.id, label: t.name }))),
      loadOwners: (search, page) => loadRelatedPage(store.api, 'owners', search, page, ownerIds).then(remember),
      loadRoles: (search, page) => loadRelatedPage(store.api, 'roles', search, page, roleIds).then(remember),
      loadTags: (search, page) => loadDashboardTagPage(store.api, search, page).then(remember),
      seen,
    };
  }, [store, info.id]);
}

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
  const choices = usePickerSources();

  const write = async () => {
    const body = propertiesPayload(form, flags);
    try {
      await putDashboard(store.api, info.id, body);
      store.applySavedProperties(
        { dashboard_title: body.dashboard_title!, slug: body.slug ?? null, css: body.css ?? '', certified_by: body.certified_by, certification_details: body.certification_details, owners: form.owners.map((id) => info.owners.find((o) => o.id === id) ?? ownerFromLabel(id, choices.seen.get(id))) },
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
          <input className="bi-input" value={form.dashboard_title} onChange={(e) => set({ dashboard_title: e.target.value })} />
        </label>
        <label className="bi-field">
          <span>URL slug</span>
          <input className="bi-input" value={form.slug} onChange={(e) => set({ slug: e.target.value })} />
        </label>
        <div className="bi-field">
          <span>Owners</span>
          <Select label="Owners" multi options={choices.owners} loadOptions={choices.loadOwners} value={form.owners} onChange={(v) => set({ owners: numbers(v) })} placeholder="Search owners" />
        </div>
        {flags.DashboardRbac && (
          <div className="bi-field">
            <span>Roles</span>
            <Select label="Roles" multi options={choices.roles} loadOptions={choices.loadRoles} value={form.roles} onChange={(v) => set({ roles: numbers(v) })} placeholder="Search roles" />
          </div>
        )}
        {flags.TaggingSystem && (
          <div className="bi-field">
            <span>Tags</span>
            <Select label="Tags" multi options={choices.tags} loadOptions={choices.loadTags} value={form.tags} onChange={(v) => set({ tags: numbers(v) })} placeholder="Search tags" />
          </div>
        )}
        <label className="bi-field">
          <span>Certified by</span>
          <input className="bi-input" value={form.certified_by} onChange={(e) => set({ certified_by: e.target.value })} />
        </label>
        <label className="bi-field">
          <span>Certification details</span>
          <input className="bi-input" value={form.certification_details} onChange={(e) => set({ certification_details: e.target.value })} />
        </label>
        <label className="bi-field">
          <span>CSS</span>
          <textarea rows={4} className="bi-input bi-input--code" value={form.css} onChange={(e) => set({ css: e.target.value })} />
        </label>
        <label className="bi-field">
          <span>JSON metadata</span>
          <textarea rows={10} className="bi-input bi-input--code" value={form.json_metadata} aria-invalid={jsonError ? true : undefined} onChange={(e) => set({ json_metadata: e.target.value })} />
        </label>
        {jsonError && <p className="bi-field-error" role="alert">{jsonError}</p>}
      </div>
    </Modal>
  );
}

/** A newly picked owner, named from the picker's label so the header shows it before a reload. */
function ownerFromLabel(id: number, label = ''): DashboardOwner {
  const [first_name, ...rest] = label.split(' ');
  return { id, first_name, last_name: rest.join(' ') };
}
