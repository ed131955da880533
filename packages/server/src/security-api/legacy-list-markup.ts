/**
 * The markup of the incumbent's server-rendered list widget (Flask-AppBuilder), as the clients that scrape
 * /users/list/ and /roles/list/ read it: the page's first table holds the active filters, the second the
 * records, its first row the header. Each record row starts with the row's checkbox (`<input id="{pk}">`)
 * when the view has bulk actions, then a cell of links whose paths end with the record's id, then one cell
 * per column. With no record at all there is no second table, only 'No records found', which clients read
 * as "nothing matched"; a page past the last one keeps the table with its header row only.
 */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface ListColumn {
  /** The record's key. */
  key: string;
  label: string;
}

export interface ListMarkup {
  /** Active filters: column label, operator label, value. */
  filters: [string, string, string][];
  columns: ListColumn[];
  records: Record<string, unknown>[];
  /** Records matching the filters on every page. */
  count: number;
  /** Whether rows carry the bulk-action checkbox. */
  checkboxes: boolean;
  /** Where a record's link points; its last path segment is the id. */
  linkOf(id: number): string;
}

/** Python's str() of a value as a list cell shows it. */
export function pythonText(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (Array.isArray(value)) return `[${value.map(pythonText).join(', ')}]`;
  if (typeof value === 'object' && 'name' in value) return String((value as { name: unknown }).name);
  return String(value);
}

const cell = (html: string) => `<td>${html}</td>`;

function filtersTable(filters: ListMarkup['filters']): string {
  const rows = filters.map((f) => `<tr>${f.map((part) => cell(escapeHtml(part))).join('')}</tr>`).join('');
  return `<table class="table table-responsive table-hover filters">${rows}</table>`;
}

function recordRow(list: ListMarkup, record: Record<string, unknown>): string {
  const id = Number(record.id);
  const checkbox = list.checkboxes ? cell(`<input id="${id}" class="action_check" name="rowid" value="${id}" type="checkbox">`) : '';
  const link = cell(`<center><div class="btn-group btn-group-xs"><a href="${escapeHtml(list.linkOf(id))}" title="Show record">show</a></div></center>`);
  // Each value as the framework prints it: Python's str (True, [Admin, Gamma]).
  return `<tr>${checkbox}${link}${list.columns.map((c) => cell(escapeHtml(pythonText(record[c.key])))).join('')}</tr>`;
}

/** The two tables (or the filters table and 'No records found'). */
export function listMarkup(list: ListMarkup): string {
  if (list.count === 0) return `${filtersTable(list.filters)}<b>No records found</b>`;
  const header =
    '<thead><tr>' +
    (list.checkboxes ? '<th class="action_checkboxes"><input id="check_all" class="action_check_all" name="check_all" type="checkbox"></th>' : '') +
    '<th></th>' +
    list.columns.map((c) => `<th>${escapeHtml(c.label)}</th>`).join('') +
    '</tr></thead>';
  const body = `<tbody>${list.records.map((r) => recordRow(list, r)).join('')}</tbody>`;
  return `${filtersTable(list.filters)}<div class="table-responsive"><table class="table table-hover">${header}${body}</table></div>`;
}
