import { Cron } from 'croner';
import { badRequest, unprocessable } from '../errors';
import type { Json } from '../resources/definition';

/**
 * Checks of a report schedule's fields beyond their JSON types (those are the field map's job): the
 * crontab parses, the timezone is known to Intl, recipients are well-formed, the format fits the target.
 * Messages name the field, as the incumbent's marshmallow errors do.
 */
export const REPORT_TYPES = ['Report', 'Alert'] as const;
export const REPORT_FORMATS = ['PNG', 'PDF', 'CSV', 'TEXT'] as const;
export const RECIPIENT_TYPES = ['Email', 'Slack', 'Webhook'] as const;
export const CREATION_METHODS = ['charts', 'dashboards', 'alerts_reports'] as const;
/** Formats a dashboard can be rendered to; charts take all four. */
export const DASHBOARD_FORMATS: readonly string[] = ['PNG', 'PDF'];

export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface RecipientInput {
  type: (typeof RECIPIENT_TYPES)[number];
  recipient_config_json: { target: string; ccTarget?: string; bccTarget?: string };
}

const EMAIL = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;

/** Splits 'a@x.org, b@y.org;c@z.org' into addresses. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Parses a crontab the way the scheduler will (croner), refusing sub-minute (6-field) patterns.
 *
 * @example
 * parseCrontab('0 9 * * 1-5', 'Europe/Paris').nextRun();
 */
export function parseCrontab(crontab: string, timezone = 'UTC'): Cron {
  const text = crontab.trim();
  if (!text.startsWith('@') && text.split(/\s+/).length !== 5) {
    throw badRequest(`Field 'crontab' must have five fields (minute hour day-of-month month day-of-week), got '${crontab}'`);
  }
  try {
    return new Cron(text, { timezone, paused: true, mode: '5-part' });
  } catch (error) {
    throw badRequest(`Field 'crontab' is not a valid cron expression: ${(error as Error).message}`);
  }
}

export function isValidTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

function checkRecipient(raw: unknown, index: number): RecipientInput {
  const where = `recipients[${index}]`;
  if (typeof raw !== 'object' || raw === null) throw badRequest(`Field '${where}' must be an object`);
  const item = raw as Json;
  if (!(RECIPIENT_TYPES as readonly unknown[]).includes(item.type)) {
    throw badRequest(`Field '${where}.type' must be one of ${RECIPIENT_TYPES.join(', ')}`);
  }
  let config = item.recipient_config_json;
  if (typeof config === 'string') {
    try {
      config = JSON.parse(config);
    } catch {
      throw badRequest(`Field '${where}.recipient_config_json' is not valid JSON`);
    }
  }
  if (typeof config !== 'object' || config === null || typeof (config as Json).target !== 'string') {
    throw badRequest(`Field '${where}.recipient_config_json.target' must be a string`);
  }
  const cfg = config as RecipientInput['recipient_config_json'];
  const target = cfg.target.trim();
  if (!target) throw badRequest(`Field '${where}.recipient_config_json.target' may not be empty`);
  if (item.type === 'Email') {
    for (const field of ['target', 'ccTarget', 'bccTarget'] as const) {
      const value = cfg[field];
      if (value === undefined || value === '') continue;
      if (typeof value !== 'string') throw badRequest(`Field '${where}.recipient_config_json.${field}' must be a string`);
      const bad = splitAddresses(value).filter((address) => !EMAIL.test(address));
      if (bad.length) throw badRequest(`Field '${where}.recipient_config_json.${field}' holds invalid e-mail addresses: ${bad.join(', ')}`);
    }
  }
  if (item.type === 'Webhook') {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw badRequest(`Field '${where}.recipient_config_json.target' must be an http(s) URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw badRequest(`Field '${where}.recipient_config_json.target' must be an http(s) URL`);
    }
  }
  return { type: item.type as RecipientInput['type'], recipient_config_json: { ...cfg, target } };
}

export function checkRecipients(raw: unknown): RecipientInput[] {
  if (!Array.isArray(raw)) throw badRequest(`Field 'recipients' must be a list`);
  return raw.map(checkRecipient);
}

/** The report as it will be stored: the row's current values overlaid with the fields sent. */
export interface MergedReport {
  type: string;
  crontab: string;
  timezone: string;
  report_format: string;
  creation_method: string;
  chart_id: number | null;
  dashboard_id: number | null;
  working_timeout: number;
  grace_period: number;
  log_retention: number;
  custom_width: number | null;
}

/** Cross-field checks on the merged report (create: defaults + input; update: row + input). */
export function checkMergedReport(report: MergedReport): void {
  if (!(REPORT_TYPES as readonly string[]).includes(report.type)) throw badRequest(`Field 'type' must be one of ${REPORT_TYPES.join(', ')}`);
  if (!isValidTimezone(report.timezone)) throw badRequest(`Field 'timezone' is not a known time zone: '${report.timezone}'`);
  parseCrontab(report.crontab, report.timezone);
  if (!(REPORT_FORMATS as readonly string[]).includes(report.report_format)) {
    throw badRequest(`Field 'report_format' must be one of ${REPORT_FORMATS.join(', ')}`);
  }
  if (!(CREATION_METHODS as readonly string[]).includes(report.creation_method)) {
    throw badRequest(`Field 'creation_method' must be one of ${CREATION_METHODS.join(', ')}`);
  }
  for (const field of ['working_timeout', 'grace_period', 'log_retention'] as const) {
    if (report[field] < 0) throw badRequest(`Field '${field}' must be >= 0`);
  }
  if (report.custom_width !== null && (report.custom_width < 600 || report.custom_width > 2400)) {
    throw badRequest(`Field 'custom_width' must be between 600 and 2400`);
  }
  if (report.type === 'Report') {
    const targets = Number(report.chart_id !== null) + Number(report.dashboard_id !== null);
    if (targets !== 1) throw unprocessable('Choose a chart or dashboard not both', { chart: report.chart_id, dashboard: report.dashboard_id });
    if (report.dashboard_id !== null && !DASHBOARD_FORMATS.includes(report.report_format)) {
      throw unprocessable(`A dashboard report can only be sent as ${DASHBOARD_FORMATS.join(' or ')}, not ${report.report_format}`);
    }
  }
}
