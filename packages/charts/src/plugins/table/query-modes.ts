/** Query modes of the table (spec 2 §3). */
export const QUERY_MODES_CHOICES: ReadonlyArray<readonly [string, string]> = [
  ['aggregate', 'Aggregate'],
  ['raw', 'Raw records'],
];
