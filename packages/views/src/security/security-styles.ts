/**
 * Styles of the Settings screens: at narrow widths the user list's actions wrap inside their cell
 * instead of pushing the table past the page's edge.
 */
export const SECURITY_CSS = `
.bi-user-list .bi-list-table__actions { white-space: normal; }
.bi-user-list .bi-list-table__actions .bi-link-button { white-space: nowrap; }
`;
