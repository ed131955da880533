import type { AppContext } from '../context';
import { LumenError } from '../errors';
import { createPermalink } from '../permalinks/store';
import type { CurrentUser } from '../security/current-user';
import { chartReportText } from './chart-export';
import type { ReportFile, ReportContent } from './report-content';
import type { LoadedReport } from './report-model';
import { openRenderSession } from './report-session';
import type { ReportRenderer } from './render';

export interface ProduceDeps {
  ctx: AppContext;
  renderer: () => ReportRenderer;
  /** Base URL the browser opens; null when this process is not listening (e.g. a CLI run). */
  renderUrl: () => string | null;
}

const slugOf = (name: string) => name.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'report';

/** Dashboard state saved with the report (extra.dashboard), opened through a permalink so filters and tabs apply. */
interface DashboardExtra {
  activeTabs?: string[];
  anchor?: string;
  dataMask?: Record<string, unknown>;
}

function dashboardExtra(extraText: string | null): DashboardExtra | null {
  if (!extraText) return null;
  try {
    const extra = JSON.parse(extraText) as { dashboard?: DashboardExtra };
    const state = extra.dashboard;
    if (!state || typeof state !== 'object') return null;
    return state.activeTabs?.length || state.anchor || (state.dataMask && Object.keys(state.dataMask).length) ? state : null;
  } catch {
    return null;
  }
}

/** Renders or queries what the report sends, as `user`. */
export async function produceContent(deps: ProduceDeps, report: LoadedReport, user: CurrentUser, timeoutMs: number): Promise<ReportContent> {
  const { row } = report;
  const { ctx } = deps;
  const base = deps.renderUrl();
  const publicBase = ctx.config.reports.publicUrl ?? base ?? '';
  const isDashboard = row.dashboard_id !== null;
  const targetPath = isDashboard ? `/superset/dashboard/${row.dashboard_id}/` : `/explore/?slice_id=${row.chart_id}`;
  const extra = (() => {
    try {
      return row.extra ? (JSON.parse(row.extra) as { email_subject?: string }) : {};
    } catch {
      return {};
    }
  })();
  const content: ReportContent = {
    reportId: row.id,
    name: row.name,
    subject: typeof extra.email_subject === 'string' ? extra.email_subject : null,
    description: row.description,
    format: row.report_format,
    url: `${publicBase}${targetPath}`,
    files: [],
    text: null,
  };
  const fileBase = slugOf(row.name);
  if (row.chart_id === null && row.dashboard_id === null) throw new LumenError(422, 'The report has neither a chart nor a dashboard');

  if (!isDashboard && (row.report_format === 'CSV' || row.report_format === 'TEXT')) {
    const text = await chartReportText(ctx, user, row.chart_id as number, row.report_format);
    if (row.report_format === 'CSV') content.files.push({ name: `${fileBase}.csv`, contentType: 'text/csv', data: Buffer.from(text, 'utf8') });
    else content.text = text;
    return content;
  }

  if (row.report_format !== 'PNG' && row.report_format !== 'PDF') {
    throw new LumenError(422, `A dashboard report cannot be sent as ${row.report_format}`);
  }
  if (!base) throw new LumenError(500, 'The report renderer has no server URL: set LUMEN_REPORTS_RENDER_URL');
  if (user.id === null) throw new LumenError(500, 'Reports render as a signed-in user');
  let path: string;
  if (isDashboard) {
    const state = dashboardExtra(row.extra);
    if (state) {
      const key = await createPermalink(ctx, 'dashboard_permalink', { dashboardId: String(row.dashboard_id), state }, user.id);
      path = `/superset/dashboard/p/${key}/?standalone=3`;
    } else {
      path = `/superset/dashboard/${row.dashboard_id}/?standalone=3`;
    }
  } else {
    path = `/explore/?slice_id=${row.chart_id}&standalone=1`;
  }
  const session = await openRenderSession(ctx, user.id, Math.ceil(timeoutMs / 1000) + 60);
  try {
    const data = await deps.renderer().render({
      baseUrl: base,
      path,
      kind: isDashboard ? 'dashboard' : 'chart',
      format: row.report_format,
      width: row.custom_width ?? undefined,
      cookie: session.cookie,
      timeoutMs,
    });
    const file: ReportFile =
      row.report_format === 'PNG'
        ? { name: `${fileBase}.png`, contentType: 'image/png', data }
        : { name: `${fileBase}.pdf`, contentType: 'application/pdf', data };
    content.files.push(file);
    return content;
  } finally {
    await session.end().catch(() => undefined);
  }
}
