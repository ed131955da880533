/**
 * How a report's state and run times read on the reports list and the execution log. The states are the
 * server's ReportState values (the incumbent's): Success, Error, Working, Not triggered, On Grace.
 */
export type ReportStateTone = 'success' | 'error' | 'working' | 'noop' | 'grace';

const TONES: Readonly<Record<string, ReportStateTone>> = {
  Success: 'success',
  Error: 'error',
  Working: 'working',
  'Not triggered': 'noop',
  'On Grace': 'grace',
};

/** The colour family of a state; an unknown state reads as not triggered rather than as a success. */
export const reportStateTone = (state: string | null | undefined): ReportStateTone => TONES[state ?? ''] ?? 'noop';

/** A state as a coloured dot and its name, so the colour is never the only signal. */
export function ReportStateBadge({ state }: { state: string | null | undefined }) {
  const tone = reportStateTone(state);
  return (
    <span className={`bi-report-state bi-report-state--${tone}`} data-state={tone}>
      <span className="bi-report-state__dot" aria-hidden="true" />
      {state || 'Not triggered'}
    </span>
  );
}

/**
 * A stored timestamp for display: the server keeps ISO strings in UTC, shown as 'YYYY-MM-DD HH:mm:ss UTC'
 * so every reader sees the same instant whatever their browser's zone; '' when there is none.
 *
 * @example
 * formatRunTime('2025-01-06T09:00:01.000Z'); // '2025-01-06 09:00:01 UTC'
 */
export function formatRunTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/**
 * How long a run took, from its start and end: '850 ms', '4.5 s', '2 min 5 s'; '' while it runs.
 *
 * @example
 * formatDuration('2025-01-06T09:00:01Z', '2025-01-06T09:00:04.500Z'); // '3.5 s'
 */
export function formatDuration(start: string | null | undefined, end: string | null | undefined): string {
  if (!start || !end) return '';
  const ms = new Date(end).getTime() - new Date(start).getTime();
  if (!Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${Math.round(ms / 100) / 10} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** The badge colours; injected by the screens that draw states. */
export const REPORT_STATE_CSS = `
.bi-report-state { display: inline-flex; align-items: center; gap: 6px; }
.bi-report-state__dot { width: 8px; height: 8px; border-radius: 50%; background: currentColor; }
.bi-report-state--success { color: #1a7f37; }
.bi-report-state--error { color: #c62828; }
.bi-report-state--working { color: #1565c0; }
.bi-report-state--grace { color: #b26a00; }
.bi-report-state--noop { color: #6b6f76; }
.bi-report-log table { border-collapse: collapse; width: 100%; }
.bi-report-log th, .bi-report-log td { text-align: left; padding: 6px 10px; border-bottom: 1px solid #e3e5e8; vertical-align: top; }
.bi-report-log__error { white-space: pre-wrap; color: #c62828; }
`;
