/** The report toasts of spec 3 §8, verbatim ('%s' filled by formatMessage). */
export const REPORT_MESSAGES = {
  created: 'The report has been created',
  updated: 'Report updated',
  deleted: 'Deleted: %s',
  fetchFailed: 'There was an issue fetching reports attached to this dashboard.',
  toggleFailed: 'We were unable to active or deactivate this report.',
  deleteFailed: 'Your report could not be deleted',
} as const;
