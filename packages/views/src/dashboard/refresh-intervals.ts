/**
 * The auto-refresh intervals the header offers, the incumbent's (PERIODIC_RENDER_OPTIONS), in seconds.
 */
export const REFRESH_INTERVALS: readonly { seconds: number; label: string }[] = [
  { seconds: 0, label: "Don't refresh" },
  { seconds: 10, label: '10 seconds' },
  { seconds: 30, label: '30 seconds' },
  { seconds: 60, label: '1 minute' },
  { seconds: 300, label: '5 minutes' },
  { seconds: 1800, label: '30 minutes' },
  { seconds: 3600, label: '1 hour' },
  { seconds: 21600, label: '6 hours' },
  { seconds: 43200, label: '12 hours' },
  { seconds: 86400, label: '24 hours' },
];

/**
 * The label of an interval; one the list lacks (a refresh_frequency written in the JSON metadata) in seconds.
 *
 * @example
 * refreshIntervalLabel(300); // '5 minutes'
 * refreshIntervalLabel(90); // '90 seconds'
 */
export function refreshIntervalLabel(seconds: number): string {
  return REFRESH_INTERVALS.find((option) => option.seconds === seconds)?.label ?? `${seconds} seconds`;
}
