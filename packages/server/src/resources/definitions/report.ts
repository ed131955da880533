import { sql } from 'kysely';
import { unprocessable } from '../../errors';
import { nowIso } from '../../metadata/connect';
import { humanizeCrontab } from '../../reports/crontab-text';
import { checkMergedReport, checkRecipients, type MergedReport, type RecipientInput } from '../../reports/report-validation';
import type { AnyTrx, Json, RequestScope, ResourceDefinition, Row } from '../definition';
import { type FieldMap, pickColumns } from '../fields';
import { allTextOperator, mergeFilters, relManyToMany, relOneToMany, scalarFilter } from '../filters';
import { dashboardVisibleTo } from '../visible-dashboards';
import { chartsSource, dashboardsSource, usersReferencedBy, usersSource } from '../related-sources';
import { auditFields, auditUserIds, loadOwners, loadUsers, parseJsonText } from '../serializers/relations';
import { ensureIdsExist, resolveOwners, setLinks } from '../writes';

/**
 * /api/v1/report/: scheduled reports (and the incumbent's alerts, stored but not evaluated) on a chart or a
 * dashboard, with recipients and owners. Field names follow ReportScheduleRestApi; the scheduler and
 * delivery live in src/reports.
 */
const FIELDS: FieldMap = {
  name: { kind: 'string', maxLength: 150 },
  type: { kind: 'string' },
  description: { kind: 'string', nullable: true },
  context_markdown: { kind: 'string', nullable: true },
  active: { kind: 'boolean' },
  crontab: { kind: 'string', maxLength: 1000 },
  timezone: { kind: 'string' },
  creation_method: { kind: 'string' },
  report_format: { kind: 'string' },
  chart: { kind: 'integer', nullable: true },
  dashboard: { kind: 'integer', nullable: true },
  database: { kind: 'integer', nullable: true },
  sql: { kind: 'string', nullable: true },
  validator_type: { kind: 'string', nullable: true },
  validator_config_json: { kind: 'object', nullable: true },
  working_timeout: { kind: 'integer' },
  grace_period: { kind: 'integer' },
  log_retention: { kind: 'integer' },
  force_screenshot: { kind: 'boolean' },
  custom_width: { kind: 'integer', nullable: true },
  extra: { kind: 'object', nullable: true },
  email_subject: { kind: 'string', nullable: true, maxLength: 255 },
  recipients: { kind: 'objects' },
  owners: { kind: 'ids' },
};

/** Plain columns copied from input; chart/dashboard/database map to *_id. */
const COLUMNS = [
  'name', 'type', 'description', 'context_markdown', 'active', 'crontab', 'timezone', 'creation_method', 'report_format', 'sql',
  'validator_type', 'working_timeout', 'grace_period', 'log_retention', 'force_screenshot', 'custom_width',
];

const DEFAULTS = {
  type: 'Report', active: true, timezone: 'UTC', creation_method: 'alerts_reports', report_format: 'PNG',
  working_timeout: 3600, grace_period: 14400, log_retention: 90, force_screenshot: false,
};

function merged(row: Row | null, input: Json): MergedReport {
  const pick = <T>(key: string, column: string, fallback: T): T =>
    (input[key] !== undefined ? input[key] : row ? row[column] : fallback) as T;
  return {
    type: pick('type', 'type', DEFAULTS.type),
    crontab: pick('crontab', 'crontab', ''),
    timezone: pick('timezone', 'timezone', DEFAULTS.timezone),
    report_format: pick('report_format', 'report_format', DEFAULTS.report_format),
    creation_method: pick('creation_method', 'creation_method', DEFAULTS.creation_method),
    chart_id: pick('chart', 'chart_id', null),
    dashboard_id: pick('dashboard', 'dashboard_id', null),
    working_timeout: pick('working_timeout', 'working_timeout', DEFAULTS.working_timeout),
    grace_period: pick('grace_period', 'grace_period', DEFAULTS.grace_period),
    log_retention: pick('log_retention', 'log_retention', DEFAULTS.log_retention),
    custom_width: pick('custom_width', 'custom_width', null),
  };
}

/** extra as stored: the sent object, with email_subject kept inside it (the table has no column for it). */
function extraText(row: Row | null, input: Json): string | null | undefined {
  if (input.extra === undefined && input.email_subject === undefined) return undefined;
  const base = (input.extra !== undefined ? input.extra : parseJsonText(row?.extra)) as Json | null;
  const out: Json = { ...(base ?? {}) };
  if (input.email_subject !== undefined) out.email_subject = input.email_subject;
  return Object.keys(out).length ? JSON.stringify(out) : null;
}

async function ensureUniqueName(trx: AnyTrx, name: string, type: string, selfId: number | null): Promise<void> {
  let query = trx.selectFrom('report_schedule').select('id').where('name', '=', name).where('type', '=', type);
  if (selfId !== null) query = query.where('id', '<>', selfId);
  if (await query.executeTakeFirst()) throw unprocessable('Name must be unique', { name: ['Name must be unique'] });
}

async function writeRecipients(trx: AnyTrx, reportId: number, recipients: RecipientInput[]): Promise<void> {
  await trx.deleteFrom('report_recipient').where('report_schedule_id', '=', reportId).execute();
  if (recipients.length === 0) return;
  await trx
    .insertInto('report_recipient')
    .values(recipients.map((r) => ({ type: r.type, recipient_config_json: JSON.stringify(r.recipient_config_json), report_schedule_id: reportId })))
    .execute();
}

async function checkTargets(trx: AnyTrx, report: MergedReport, input: Json): Promise<void> {
  if (input.chart !== undefined && report.chart_id !== null) await ensureIdsExist(trx, 'slices', [report.chart_id], 'Chart');
  if (input.dashboard !== undefined && report.dashboard_id !== null) await ensureIdsExist(trx, 'dashboards', [report.dashboard_id], 'Dashboard');
  if (typeof input.database === 'number') await ensureIdsExist(trx, 'dbs', [input.database], 'Database');
}

function rowValues(input: Json, row: Row | null): Json {
  const values: Json = pickColumns(input, COLUMNS);
  if (input.chart !== undefined) values.chart_id = input.chart;
  if (input.dashboard !== undefined) values.dashboard_id = input.dashboard;
  if (input.database !== undefined) values.database_id = input.database;
  if (input.validator_config_json !== undefined) values.validator_config_json = input.validator_config_json ? JSON.stringify(input.validator_config_json) : null;
  const extra = extraText(row, input);
  if (extra !== undefined) values.extra = extra;
  if (typeof values.name === 'string') values.name = values.name.trim();
  return values;
}

/** The `target` of a stored recipient config ('' when unreadable). */
function recipientTarget(config: unknown): string {
  const parsed = parseJsonText(config) as Json | null;
  return parsed && typeof parsed.target === 'string' ? parsed.target : '';
}

async function serialize(rows: Row[], scope: RequestScope, detail: boolean): Promise<Json[]> {
  const { db } = scope;
  const ids = rows.map((r) => r.id as number);
  const chartIds = rows.map((r) => r.chart_id).filter((v): v is number => typeof v === 'number');
  const dashboardIds = rows.map((r) => r.dashboard_id).filter((v): v is number => typeof v === 'number');
  const [users, owners, recipients, charts, dashboards] = await Promise.all([
    loadUsers(db, auditUserIds(rows)),
    loadOwners(db, 'report_schedule_user', 'report_schedule_id', ids),
    ids.length ? db.selectFrom('report_recipient').selectAll().where('report_schedule_id', 'in', ids).orderBy('id').execute() : Promise.resolve([]),
    chartIds.length ? db.selectFrom('slices').select(['id', 'slice_name', 'viz_type']).where('id', 'in', chartIds).execute() : Promise.resolve([]),
    // A co-owner who may not open the dashboard (someone else's draft) is not told its title.
    dashboardIds.length
      ? db.selectFrom('dashboards').select(['id', 'dashboard_title']).where('id', 'in', dashboardIds).where((eb) => dashboardVisibleTo(eb, scope, 'dashboards.id')).execute()
      : Promise.resolve([]),
  ]);
  const chartById = new Map(charts.map((c) => [c.id as number, c]));
  const dashboardById = new Map(dashboards.map((d) => [d.id as number, d]));
  return rows.map((row) => {
    const id = row.id as number;
    const mine = recipients.filter((r) => r.report_schedule_id === id);
    const extra = (parseJsonText(row.extra) as Json | null) ?? {};
    const chart = chartById.get(row.chart_id as number);
    const dashboard = dashboardById.get(row.dashboard_id as number);
    const base: Json = {
      id,
      name: row.name,
      type: row.type,
      description: row.description,
      active: row.active === 1 || row.active === true,
      crontab: row.crontab,
      crontab_humanized: humanizeCrontab(row.crontab as string),
      timezone: row.timezone,
      creation_method: row.creation_method,
      report_format: row.report_format,
      chart_id: row.chart_id,
      dashboard_id: row.dashboard_id,
      last_state: row.last_state,
      last_eval_dttm: row.last_eval_dttm,
      extra,
      owners: owners.get(id) ?? [],
      // The incumbent returns recipient_config_json as JSON text in both list and show.
      recipients: mine.map((r) => ({ id: r.id, type: r.type, ...(detail ? { recipient_config_json: r.recipient_config_json } : {}) })),
      ...auditFields(row, users),
      // Not in the default list columns (the incumbent's list has only the ids); the reports list page picks
      // them with select_columns to name and link the target and show where a report goes.
      chart: chart ? { id: chart.id, slice_name: chart.slice_name, viz_type: chart.viz_type } : null,
      dashboard: dashboard ? { id: dashboard.id, dashboard_title: dashboard.dashboard_title } : null,
      recipient_targets: mine.map((r) => recipientTarget(r.recipient_config_json)).filter(Boolean),
    };
    if (!detail) return base;
    return {
      ...base,
      context_markdown: row.context_markdown,
      database: row.database_id ?? null,
      sql: row.sql,
      validator_type: row.validator_type,
      validator_config_json: row.validator_config_json,
      last_value: row.last_value,
      last_value_row_json: row.last_value_row_json,
      working_timeout: row.working_timeout,
      grace_period: row.grace_period,
      log_retention: row.log_retention,
      force_screenshot: row.force_screenshot === 1 || row.force_screenshot === true,
      custom_width: row.custom_width,
      email_subject: typeof extra.email_subject === 'string' ? extra.email_subject : null,
    };
  });
}

/** The incumbent's report list columns (ReportScheduleRestApi.get_list), returned when select_columns names none. */
const LIST = [
  'active', 'changed_by.first_name', 'changed_by.last_name', 'changed_on', 'changed_on_delta_humanized', 'chart_id', 'created_by.first_name',
  'created_by.last_name', 'created_on', 'creation_method', 'crontab', 'crontab_humanized', 'dashboard_id', 'description', 'extra', 'id',
  'last_eval_dttm', 'last_state', 'name', 'owners.first_name', 'owners.id', 'owners.last_name', 'recipients.id', 'recipients.type',
  'timezone', 'type',
];
const SHOW = [
  'id', 'name', 'type', 'description', 'active', 'crontab', 'timezone', 'creation_method', 'report_format', 'last_state', 'last_eval_dttm',
  'extra', 'owners', 'recipients', 'changed_on', 'changed_on_delta_humanized', 'created_on', 'created_by', 'changed_by',
  'context_markdown', 'chart', 'dashboard', 'database', 'sql', 'validator_type', 'validator_config_json', 'last_value', 'last_value_row_json',
  'working_timeout', 'grace_period', 'log_retention', 'force_screenshot', 'custom_width', 'email_subject',
];

export const reportDefinition: ResourceDefinition = {
  name: 'report',
  table: 'report_schedule',
  view: 'ReportSchedule',
  thing: 'report',
  plural: 'reports',
  listTitle: 'List Report Schedule',
  showTitle: 'Show Report Schedule',
  listColumns: LIST,
  extraSelectable: ['chart', 'dashboard', 'recipient_targets', 'working_timeout', 'grace_period', 'log_retention', 'custom_width', 'force_screenshot'],
  showColumns: SHOW,
  orderColumns: {
    id: () => sql.ref('t.id'),
    name: () => sql.ref('t.name'),
    type: () => sql.ref('t.type'),
    active: () => sql.ref('t.active'),
    crontab: () => sql.ref('t.crontab'),
    last_state: () => sql.ref('t.last_state'),
    last_eval_dttm: () => sql.ref('t.last_eval_dttm'),
    changed_on: () => sql.ref('t.changed_on'),
    changed_on_delta_humanized: () => sql.ref('t.changed_on'),
    created_on: () => sql.ref('t.created_on'),
    description: () => sql.ref('t.description'),
    'changed_by.first_name': (eb) => eb.selectFrom('ab_user as u').select('u.first_name').whereRef('u.id', '=', 't.changed_by_fk'),
    'created_by.first_name': (eb) => eb.selectFrom('ab_user as u').select('u.first_name').whereRef('u.id', '=', 't.created_by_fk'),
  },
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  filters: {
    id: scalarFilter('id', 'number', ['eq', 'neq', 'in', 'gt', 'lt']),
    name: mergeFilters(scalarFilter('name', 'string'), { all_text: allTextOperator(['name', 'description']) }),
    type: scalarFilter('type', 'string', ['eq', 'neq', 'in']),
    active: scalarFilter('active', 'boolean'),
    creation_method: scalarFilter('creation_method', 'string', ['eq', 'neq', 'in']),
    report_format: scalarFilter('report_format', 'string', ['eq', 'neq', 'in']),
    last_state: scalarFilter('last_state', 'string', ['eq', 'neq', 'in']),
    chart_id: scalarFilter('chart_id', 'number', ['eq', 'neq', 'in']),
    dashboard_id: scalarFilter('dashboard_id', 'number', ['eq', 'neq', 'in']),
    chart: relOneToMany('chart', 'chart_id'),
    dashboard: relOneToMany('dashboard', 'dashboard_id'),
    created_by: relOneToMany('created_by', 'created_by_fk'),
    changed_by: relOneToMany('changed_by', 'changed_by_fk'),
    owners: relManyToMany('owners', 'report_schedule_user', 'report_schedule_id', 'user_id'),
  },
  related: {
    owners: usersSource(),
    created_by: usersReferencedBy('report_schedule', 'created_by_fk'),
    changed_by: usersReferencedBy('report_schedule', 'changed_by_fk'),
    chart: chartsSource,
    dashboard: dashboardsSource,
  },
  distinct: { name: 'name', type: 'type', last_state: 'last_state' },
  ownership: { kind: 'link', table: 'report_schedule_user', fk: 'report_schedule_id' },
  maxPageSize: 100,
  /** spec 3 §6: a user sees the reports they created (or were made an owner of); admins see all. */
  visibility: (eb, scope) => {
    if (scope.user.isAdmin) return null;
    const me = scope.user.id ?? -1;
    return eb.or([
      eb('t.created_by_fk', '=', me),
      eb.exists(eb.selectFrom('report_schedule_user as o').select(sql.lit(1).as('one')).whereRef('o.report_schedule_id', '=', 't.id').where('o.user_id', '=', me)),
    ]);
  },
  serializeList: (rows, scope) => serialize(rows, scope, false),
  serializeShow: async (row, scope) => (await serialize([row], scope, true))[0],
  createFields: {
    ...FIELDS,
    name: { kind: 'string', maxLength: 150, required: true },
    crontab: { kind: 'string', maxLength: 1000, required: true },
  },
  updateFields: FIELDS,
  async create(trx, input, scope) {
    const report = merged(null, input);
    checkMergedReport(report);
    const recipients = input.recipients !== undefined ? checkRecipients(input.recipients) : [];
    await checkTargets(trx, report, input);
    await ensureUniqueName(trx, String(input.name).trim(), report.type, null);
    const now = nowIso();
    const values = {
      ...pickColumns(DEFAULTS, Object.keys(DEFAULTS)),
      ...rowValues(input, null),
      last_state: 'Not triggered',
      created_on: now,
      changed_on: now,
      created_by_fk: scope.user.id,
      changed_by_fk: scope.user.id,
    };
    const row = await trx.insertInto('report_schedule').values(values).returning('id').executeTakeFirstOrThrow();
    const id = row.id as number;
    await writeRecipients(trx, id, recipients);
    await setLinks(trx, 'report_schedule_user', 'report_schedule_id', 'user_id', id, await resolveOwners(trx, input.owners, scope.user));
    return id;
  },
  /** Children go explicitly: SQLite enforces the cascades only when foreign keys are switched on. */
  async beforeDelete(trx, ids) {
    await trx.deleteFrom('report_recipient').where('report_schedule_id', 'in', ids).execute();
    await trx.deleteFrom('report_execution_log').where('report_schedule_id', 'in', ids).execute();
    await trx.deleteFrom('report_schedule_user').where('report_schedule_id', 'in', ids).execute();
  },
  async update(trx, row, input, scope) {
    const report = merged(row, input);
    checkMergedReport(report);
    await checkTargets(trx, report, input);
    if (input.name !== undefined || input.type !== undefined) {
      await ensureUniqueName(trx, String(input.name ?? row.name).trim(), report.type, row.id as number);
    }
    const values = { ...rowValues(input, row), changed_on: nowIso(), changed_by_fk: scope.user.id };
    await trx.updateTable('report_schedule').set(values).where('id', '=', row.id as number).execute();
    if (input.recipients !== undefined) await writeRecipients(trx, row.id as number, checkRecipients(input.recipients));
    if (input.owners !== undefined) {
      await setLinks(trx, 'report_schedule_user', 'report_schedule_id', 'user_id', row.id as number, await resolveOwners(trx, input.owners, scope.user));
    }
  },
};
