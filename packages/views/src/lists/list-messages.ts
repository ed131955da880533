import { msg } from '@lumen-bi/core';

/**
 * The list screens' user-facing messages, word for word from the specification (spec 1 §6, §8), as
 * printf-style templates so the wording stays greppable against the spec.
 */
export const LIST_MESSAGES = {
  deleted: 'Deleted: %s',
  chartDeleteFailed: 'There was an issue deleting: %s',
  dashboardDeleteFailed: 'There was an issue deleting %s: %s',
  bulkDeleteFailed: 'There was an issue deleting the selected %s: %s',
  tagged: 'Tagged %s %ss',
  tagFailed: 'Failed to tag items',
  // The typographic apostrophe is the spec's.
  tagSkipped: '%s items could not be tagged because you don’t have edit permissions to all selected objects.',
  noResultsTitle: 'No results match your filter criteria',
  noResultsText: 'Try different criteria to display results.',
  clearAllFilters: 'clear all filters',
  noData: msg('No Data'),
  rangeInvalid: 'Minimum must be strictly less than maximum',
  homeFetchFailed: msg('There was an error fetching the filtered charts and dashboards:'),
  favoriteFetchFailed: 'There was an error fetching the favorite status',
  favoriteSaveFailed: 'There was an error saving the favorite status',
} as const;

/**
 * Fills `%s` placeholders in order, like the incumbent's `t('...', a, b)`.
 *
 * @example
 * formatMessage('Tagged %s %ss', 2, 'chart'); // 'Tagged 2 charts'
 */
export function formatMessage(template: string, ...args: unknown[]): string {
  let index = 0;
  return template.replace(/%s/g, () => (index < args.length ? String(args[index++]) : '%s'));
}
