/**
 * Styles of the error panels (and the link button of their stack-trace toggle), apart from the other shared
 * controls: a view that shows nothing but a chart (<bi-chart>) injects these and not the select, modal and
 * toast rules of COMPONENTS_CSS.
 */
export const ERROR_PANEL_CSS = `
.bi-link-button { font: inherit; background: none; border: none; padding: 0; color: var(--bi-color-primary-dark); cursor: pointer; }
.bi-error-panel { border: 1px solid var(--bi-color-error); background: var(--bi-color-error-light); border-radius: var(--bi-radius);
  padding: var(--bi-space-2) var(--bi-space-3); color: var(--bi-color-text); }
.bi-error-panel__title { margin: 0 0 var(--bi-space-1); font-size: var(--bi-font-size); color: var(--bi-color-error-dark); }
.bi-error-panel__message { margin: 0; white-space: pre-wrap; }
.bi-error-panel__type { margin: var(--bi-space-1) 0 0; font-size: var(--bi-font-size-sm); color: var(--bi-color-text-muted); }
.bi-error-panel__stack { font-size: var(--bi-font-size-sm); overflow: auto; max-height: 200px; }
.bi-error-panel__hint { margin: var(--bi-space-1) 0 0; }
.bi-error-panel__detail { margin: var(--bi-space-1) 0 0; font-size: var(--bi-font-size-sm); overflow-wrap: anywhere; }
.bi-error-panel__issues, .bi-error-panel__suggestions, .bi-error-panel__files { margin: var(--bi-space-1) 0; padding-left: var(--bi-space-4); }
.bi-error-panel__sql { font-size: var(--bi-font-size-sm); background: var(--bi-color-surface); padding: var(--bi-space-1); overflow: auto; }
`;
