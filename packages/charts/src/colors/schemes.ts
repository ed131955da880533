/** Named categorical and sequential colour schemes (the incumbent's ids, so saved charts keep colours). */

/** Categorical schemes by id. */
export const CATEGORICAL_SCHEMES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  supersetColors: ['#1FA8C9', '#454E7C', '#5AC189', '#FF7F44', '#666666', '#E04355', '#FCC700', '#A868B7', '#3CCCCB', '#A38F79', '#8FD3E4', '#A1A6BD', '#ACE1C4', '#FEC0A1', '#B2B2B2', '#EFA1AA', '#FDE380', '#D3B3DA', '#9EE5E5', '#D1C6BC'],
  bnbColors: ['#ff5a5f', '#7b0051', '#007A87', '#00d1c1', '#8ce071', '#ffb400', '#b4a76c', '#ff8083', '#cc0086', '#00a1b3', '#00ffeb', '#bbedab', '#ffd266', '#cbc29a', '#ff3339', '#ff1ab1', '#005c66', '#00b3a5', '#55d12e', '#b37e00', '#988b4e'],
  googleCategory10c: ['#3366cc', '#dc3912', '#ff9900', '#109618', '#990099', '#0099c6', '#dd4477', '#66aa00', '#b82e2e', '#316395'],
  d3Category10: ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'],
  echarts4Colors: ['#c23531', '#2f4554', '#61a0a8', '#d48265', '#91c7ae', '#749f83', '#ca8622', '#bda29a', '#6e7074', '#546570', '#c4ccd3'],
  presetColors: ['#6BD3B3', '#FCC550', '#408184', '#66CBE2', '#EE5B5B', '#93C587', '#CBA0D3', '#A0A0A0', '#ABA9A9', '#D0E2E3'],
  lyftColors: ['#EA0B8C', '#6C838E', '#29ABE2', '#33D9C1', '#9DACB9', '#7560AA', '#2D5584', '#831C4A', '#333D47', '#AC2077'],
  supersetAndPresetColors: ['#1FA8C9', '#454E7C', '#5AC189', '#FF7F44', '#666666', '#E04355', '#FCC700', '#A868B7', '#6BD3B3', '#FCC550', '#408184', '#66CBE2', '#EE5B5B', '#93C587', '#CBA0D3'],
});

/** Id of the default categorical scheme. */
export const DEFAULT_SCHEME = 'supersetColors';

/** Ids of the categorical schemes, for the colour-scheme control. */
export const SCHEME_NAMES: readonly string[] = Object.keys(CATEGORICAL_SCHEMES);

/**
 * The colours of a categorical scheme; unknown ids fall back to the default so a chart saved with a
 * scheme this build lacks still renders.
 *
 * @example
 * getCategoricalScheme('d3Category10')[0]; // '#1f77b4'
 */
export function getCategoricalScheme(id: string | null | undefined): readonly string[] {
  return (id && CATEGORICAL_SCHEMES[id]) || CATEGORICAL_SCHEMES[DEFAULT_SCHEME];
}

// The sequential schemes live apart so that a chart without them (a time series) does not download them;
// re-exported here, where callers have always found them.
export { SEQUENTIAL_SCHEMES, sequentialColor } from './sequential-schemes';
