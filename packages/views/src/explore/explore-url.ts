/**
 * Explore addresses: how the page is entered and the address it keeps in the bar. Entry by
 * ?slice_id=, ?form_data_key= (optionally with slice_id), ?datasource_id=&datasource_type=, ?viz_type=,
 * legacy ?form_data={json}, and /explore/p/{key}/ permalinks.
 */

/** How Explore was opened. */
export type ExploreEntry =
  | { kind: 'permalink'; key: string }
  | { kind: 'form-data-key'; key: string; sliceId: number | null }
  | { kind: 'slice'; sliceId: number }
  | { kind: 'form-data'; formData: Record<string, unknown> }
  | { kind: 'datasource'; datasource: string; vizType: string | null }
  | { kind: 'new'; vizType: string | null }
  | { kind: 'invalid'; message: string };

const PERMALINK_PATH = /^\/explore\/p\/([^/]+)\/?$/;

/**
 * Reads the entry from an address.
 *
 * @example
 * parseExploreUrl('/explore/', '?datasource_id=3&datasource_type=table'); // { kind: 'datasource', datasource: '3__table', vizType: null }
 * parseExploreUrl('/explore/p/abc/', '');                                   // { kind: 'permalink', key: 'abc' }
 */
export function parseExploreUrl(pathname: string, search: string): ExploreEntry {
  const permalink = PERMALINK_PATH.exec(pathname);
  if (permalink) return { kind: 'permalink', key: decodeURIComponent(permalink[1]) };
  const query = new URLSearchParams(search);
  const sliceText = query.get('slice_id');
  const sliceId = sliceText !== null && /^\d+$/.test(sliceText) ? Number(sliceText) : null;
  if (sliceText !== null && sliceId === null) return { kind: 'invalid', message: `Invalid slice_id: ${sliceText}` };
  const key = query.get('form_data_key');
  if (key) return { kind: 'form-data-key', key, sliceId };
  if (sliceId !== null) return { kind: 'slice', sliceId };
  const legacy = query.get('form_data');
  if (legacy) {
    try {
      const parsed = JSON.parse(legacy) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return { kind: 'form-data', formData: parsed as Record<string, unknown> };
    } catch {
      // Falls through to the error below.
    }
    return { kind: 'invalid', message: 'The form_data parameter is not valid JSON' };
  }
  const vizType = query.get('viz_type');
  const datasourceId = query.get('datasource_id');
  if (datasourceId !== null) {
    if (!/^\d+$/.test(datasourceId)) return { kind: 'invalid', message: `Invalid datasource_id: ${datasourceId}` };
    return { kind: 'datasource', datasource: `${datasourceId}__${query.get('datasource_type') || 'table'}`, vizType };
  }
  const datasource = query.get('datasource');
  if (datasource) return { kind: 'datasource', datasource, vizType };
  return { kind: 'new', vizType };
}

/**
 * The address Explore keeps in the bar for its state: the unsaved form data's key and the chart id.
 *
 * @example
 * exploreUrl({ sliceId: 7 });                      // '/explore/?slice_id=7'
 * exploreUrl({ formDataKey: 'k', sliceId: 7 });    // '/explore/?form_data_key=k&slice_id=7'
 */
export function exploreUrl(state: { sliceId?: number | null; formDataKey?: string | null }): string {
  const query = new URLSearchParams();
  if (state.formDataKey) query.set('form_data_key', state.formDataKey);
  if (state.sliceId) query.set('slice_id', String(state.sliceId));
  const text = query.toString();
  return text ? `/explore/?${text}` : '/explore/';
}
