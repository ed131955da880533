/**
 * Styles of the Settings screens: at narrow widths the row actions wrap inside their cell instead of
 * pushing the table past the page's edge; SQL clauses read in the code font.
 */
export const SECURITY_CSS = `
.bi-security-list .bi-list-table__actions { white-space: normal; }
.bi-security-list .bi-list-table__actions .bi-link-button { white-space: nowrap; }
.bi-rls-clause, .bi-form-field textarea.bi-rls-clause { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.bi-rls-clause { white-space: pre-wrap; word-break: break-word; }
.bi-form-field select { width: 100%; }
`;
