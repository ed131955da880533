/**
 * Save payloads (spec 2 §5): the layout save and the properties save, with the spec's normalisations.
 * Pure functions so the tests assert the exact bodies sent to PUT /api/v1/dashboard/{id}.
 */
import { DASHBOARD_VERSION, DASHBOARD_VERSION_KEY, type DashboardLayout } from '@lumen-bi/core';
import type { DashboardPutBody } from './dashboard-api';
import { UNTITLED_DASHBOARD, type DashboardMetadata } from './dashboard-types';

export const SAVE_SUCCESS_MESSAGE = 'This dashboard was saved successfully.';
export const saveFailedMessage = (error: string) => `Sorry, there was an error saving this dashboard: ${error}`;
export const CONFIRM_OVERWRITE_MESSAGE = 'Please confirm the overwrite values.';

/** position_json as stored: components plus the version marker, parents dropped (rebuilt on load). */
export function serializeLayout(layout: DashboardLayout): string {
  const out: Record<string, unknown> = { [DASHBOARD_VERSION_KEY]: DASHBOARD_VERSION };
  for (const [id, c] of Object.entries(layout)) out[id] = { ...c };
  return JSON.stringify(out);
}

/** The body of a layout save from edit mode. */
export function layoutSavePayload(layout: DashboardLayout, metadata: DashboardMetadata): DashboardPutBody {
  return { position_json: serializeLayout(layout), json_metadata: JSON.stringify(metadata) };
}

export interface PropertiesForm {
  dashboard_title: string;
  slug: string;
  owners: number[];
  roles: number[];
  tags: number[];
  certified_by: string;
  certification_details: string;
  css: string;
  json_metadata: string;
}

/**
 * The properties save body: blank title -> '[ untitled dashboard ]', blank slug -> null, certification
 * details only when certified_by is set, roles only with DashboardRbac, tags only with TaggingSystem.
 *
 * @example
 * propertiesPayload({ ...form, dashboard_title: ' ', slug: '' }, {}); // { dashboard_title: '[ untitled dashboard ]', slug: null, ... }
 */
export function propertiesPayload(form: PropertiesForm, flags: Readonly<Record<string, boolean>>): DashboardPutBody {
  const certifiedBy = form.certified_by.trim();
  const body: DashboardPutBody = {
    dashboard_title: form.dashboard_title.trim() || UNTITLED_DASHBOARD,
    slug: form.slug.trim() || null,
    owners: form.owners,
    css: form.css,
    certified_by: certifiedBy || null,
    certification_details: certifiedBy ? form.certification_details : null,
    json_metadata: form.json_metadata,
  };
  if (flags.DashboardRbac) body.roles = form.roles;
  if (flags.TaggingSystem) body.tags = form.tags;
  return body;
}

/** One altered value of the ConfirmDashboardDiff table. */
export interface DiffRow {
  field: string;
  before: string;
  after: string;
}

const scopesOf = (metadata: DashboardMetadata) =>
  JSON.stringify({
    native_filter_configuration: (metadata.native_filter_configuration ?? []).map((f) => ({ id: f.id, scope: f.scope })),
    chart_configuration: metadata.chart_configuration ?? {},
  });

/** Differences in css or filter scopes between the stored dashboard and what is about to be saved. */
export function diffForConfirm(before: { css: string; metadata: DashboardMetadata }, after: { css: string; metadata: DashboardMetadata }): DiffRow[] {
  const rows: DiffRow[] = [];
  if ((before.css ?? '') !== (after.css ?? '')) rows.push({ field: 'css', before: before.css ?? '', after: after.css ?? '' });
  const a = scopesOf(before.metadata);
  const b = scopesOf(after.metadata);
  if (a !== b) rows.push({ field: 'filter scopes', before: a, after: b });
  return rows;
}
