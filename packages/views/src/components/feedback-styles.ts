/**
 * Styles of the tooltip, the loading skeletons and the spinner, against the theme's custom properties only.
 * The spinner lives here, not in Explore's styles, because dashboards and <bi-chart> show it too.
 */
export const FEEDBACK_CSS = `
.bi-tooltip-anchor { display: inline-flex; }
.bi-tooltip-bubble { position: fixed; z-index: 1200; max-width: 280px; padding: var(--bi-space-1) var(--bi-space-2); border-radius: var(--bi-radius);
  background: var(--bi-color-text); color: var(--bi-color-surface); box-shadow: 0 2px 8px rgb(0 0 0 / 25%);
  font-family: var(--bi-font-family); font-size: var(--bi-font-size-sm); line-height: var(--bi-line-height); overflow-wrap: anywhere; }
.bi-skeleton { display: block; height: 1em; border-radius: var(--bi-radius);
  background: linear-gradient(90deg, var(--bi-color-border) 25%, var(--bi-color-bg) 45%, var(--bi-color-border) 65%); background-size: 300% 100%;
  animation: bi-skeleton-shimmer 1.4s ease-in-out infinite; }
.bi-skeleton-region { display: flex; flex-direction: column; gap: var(--bi-space-2); }
@keyframes bi-skeleton-shimmer { from { background-position: 100% 0; } to { background-position: 0 0; } }
.bi-spinner { position: absolute; inset: 0; z-index: 5; display: flex; align-items: center; justify-content: center;
  background: color-mix(in srgb, var(--bi-color-surface) 50%, transparent); }
.bi-spinner__wheel { width: 32px; height: 32px; border: 3px solid var(--bi-color-primary-light); border-top-color: var(--bi-color-primary);
  border-radius: 50%; animation: bi-spin 1s linear infinite; }
@keyframes bi-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .bi-skeleton, .bi-spinner__wheel { animation: none; } }
`;
