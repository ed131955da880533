/**
 * Styles of the Settings screens and the profile: at narrow widths the row actions wrap inside their cell
 * instead of pushing the table past the page's edge; SQL clauses read in the code font; the role dialog's
 * permission checklist is a bordered scroll box of fixed-height lines (it is windowed), long view names cut
 * with an ellipsis rather than widening the dialog.
 */
export const SECURITY_CSS = `
.bi-security-list .bi-list-table__actions { white-space: normal; }
.bi-security-list .bi-list-table__actions .bi-link-button { white-space: nowrap; }
.bi-rls-clause, .bi-form-field textarea.bi-rls-clause { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.bi-rls-clause { white-space: pre-wrap; word-break: break-word; }
.bi-form-field select { width: 100%; }
.bi-pair-checklist__tools { display: flex; flex-wrap: wrap; align-items: center; gap: var(--bi-space-2); margin-bottom: var(--bi-space-1); }
.bi-pair-checklist__tools input[type="search"] { flex: 1 1 220px; min-width: 0; font: inherit; padding: 4px var(--bi-space-2);
  border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius); background: var(--bi-color-surface); color: var(--bi-color-text); }
.bi-pair-checklist__tools .bi-form-check { margin: 0; }
.bi-pair-checklist__total { color: var(--bi-color-text-muted); font-size: var(--bi-font-size-sm); margin-left: auto; white-space: nowrap; }
.bi-pair-checklist__scroll { overflow-y: auto; overflow-x: hidden; border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius); background: var(--bi-color-surface); }
.bi-pair-checklist__line { position: absolute; left: 0; right: 0; box-sizing: border-box; display: flex; align-items: center; padding: 0 var(--bi-space-2); }
.bi-pair-checklist input[type="checkbox"] { accent-color: var(--bi-color-primary); }
.bi-pair-checklist__group, .bi-pair-checklist__pair, .bi-pair-checklist__single { display: flex; align-items: center; gap: var(--bi-space-1); min-width: 0; width: 100%; cursor: pointer; }
.bi-pair-checklist__group { font-weight: 600; }
.bi-pair-checklist__group, .bi-pair-checklist__single { border-top: 1px solid var(--bi-color-border); align-self: stretch; }
.bi-pair-checklist__line:first-child > label { border-top: none; }
.bi-pair-checklist__pair { padding-left: calc(var(--bi-space-3) + 4px); }
.bi-pair-checklist__view, .bi-pair-checklist__pair span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 0; }
.bi-pair-checklist__count { margin-left: auto; font-weight: normal; color: var(--bi-color-text-muted); font-size: var(--bi-font-size-sm); white-space: nowrap; }
.bi-pair-checklist__empty { margin: var(--bi-space-2); color: var(--bi-color-text-muted); }
.bi-form-field input[type="email"] { font: inherit; padding: 4px var(--bi-space-2); border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius);
  background: var(--bi-color-surface); color: var(--bi-color-text); }
.bi-profile { max-width: 720px; }
.bi-profile h1 { margin: 0 0 var(--bi-space-3); }
.bi-profile__section { border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius); background: var(--bi-color-surface);
  padding: var(--bi-space-3); margin-bottom: var(--bi-space-3); }
.bi-profile__section h2 { font-size: var(--bi-font-size-lg); margin: 0 0 var(--bi-space-2); }
.bi-profile__details { display: grid; grid-template-columns: max-content 1fr; gap: var(--bi-space-1) var(--bi-space-3); margin: 0; }
.bi-profile__details dt { color: var(--bi-color-text-muted); }
.bi-profile__details dd { margin: 0; overflow-wrap: anywhere; }
.bi-profile__form { max-width: 420px; }
.bi-profile__form input { box-sizing: border-box; width: 100%; }
.bi-profile__form textarea { box-sizing: border-box; width: 100%; resize: vertical; }
.bi-request-access p { margin: 0 0 var(--bi-space-2); overflow-wrap: anywhere; }
`;
