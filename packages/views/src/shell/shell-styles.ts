/**
 * Styles of the shell (top nav, user menu, page frame), written against the theme's custom properties only,
 * so a theme or a host page restyles the shell without touching these rules.
 */
/** At or below this viewport width (px) the top navigation's links fold into its Menu button (TopNav). */
export const NAV_COLLAPSE_WIDTH = 1100;

export const SHELL_CSS = `
.bi-shell { min-height: 100vh; display: flex; flex-direction: column; background: var(--bi-color-bg);
  color: var(--bi-color-text); font-family: var(--bi-font-family); font-size: var(--bi-font-size);
  line-height: var(--bi-line-height); }
.bi-topnav { display: flex; align-items: center; gap: var(--bi-space-4); height: var(--bi-nav-height);
  padding: 0 var(--bi-space-3); background: var(--bi-color-surface); border-bottom: 1px solid var(--bi-color-border); }
.bi-topnav__brand { white-space: nowrap; font-weight: 700; font-size: var(--bi-font-size-lg); color: var(--bi-color-primary-dark);
  text-decoration: none; }
.bi-topnav__links { display: flex; gap: var(--bi-space-1); flex: 1; min-width: 0; overflow-x: auto; }
.bi-topnav__link { padding: var(--bi-space-2) var(--bi-space-3); border-radius: var(--bi-radius);
  color: var(--bi-color-text); text-decoration: none; white-space: nowrap; }
.bi-topnav__link:hover { background: var(--bi-color-primary-light); }
.bi-topnav__link--active { color: var(--bi-color-primary-dark); box-shadow: inset 0 -2px 0 var(--bi-color-primary); }
.bi-topnav__end { margin-left: auto; flex-shrink: 0; display: flex; align-items: center; gap: var(--bi-space-2); }
.bi-topnav__icon-button { display: inline-flex; align-items: center; justify-content: center; width: 32px; height: 32px; padding: 0;
  font: inherit; color: inherit; background: none; cursor: pointer; border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius); }
.bi-topnav__icon-button:hover { background: var(--bi-color-primary-light); }
.bi-topnav__icon-button:focus-visible, .bi-user-menu__button:focus-visible { outline: 2px solid var(--bi-color-primary); outline-offset: 2px; }
@media (max-width: ${NAV_COLLAPSE_WIDTH}px) { .bi-topnav { gap: var(--bi-space-2); } }
.bi-user-menu { position: relative; }
.bi-user-menu__button { white-space: nowrap; font: inherit; color: inherit; background: none; cursor: pointer;
  border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius); padding: var(--bi-space-1) var(--bi-space-3); }
.bi-user-menu__popup { position: absolute; right: 0; top: calc(100% + var(--bi-space-1)); min-width: 180px; z-index: 10;
  background: var(--bi-color-surface); border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius);
  box-shadow: 0 4px 12px rgb(0 0 0 / 15%); padding: var(--bi-space-1) 0; }
.bi-user-menu__email { padding: var(--bi-space-2) var(--bi-space-3); color: var(--bi-color-text-muted);
  font-size: var(--bi-font-size-sm); }
.bi-user-menu__item { display: block; padding: var(--bi-space-2) var(--bi-space-3); color: var(--bi-color-text); text-decoration: none; }
.bi-user-menu__item:hover { background: var(--bi-color-primary-light); }
.bi-user-menu__group { border-top: 1px solid var(--bi-color-border); border-bottom: 1px solid var(--bi-color-border); margin: var(--bi-space-1) 0; padding: var(--bi-space-1) 0; }
.bi-user-menu__heading { padding: var(--bi-space-1) var(--bi-space-3); color: var(--bi-color-text-muted); font-size: var(--bi-font-size-sm); }
.bi-user-menu__choice { width: 100%; text-align: left; font: inherit; background: none; border: none; cursor: pointer; padding-left: calc(var(--bi-space-3) + 16px); position: relative; }
.bi-user-menu__group + .bi-user-menu__group { border-top: none; margin-top: 0; }
.bi-user-menu__languages { display: grid; grid-template-columns: repeat(2, minmax(max-content, 1fr)); }
.bi-user-menu__choice[aria-checked="true"]::before { content: ''; position: absolute; left: var(--bi-space-3); top: 50%; width: 8px; height: 8px;
  margin-top: -4px; border-radius: 50%; background: var(--bi-color-primary); }
.bi-shell__main { flex: 1; padding: var(--bi-space-4); }
.bi-page h1 { font-size: var(--bi-font-size-lg); margin: 0 0 var(--bi-space-3); }
.bi-page__notice { color: var(--bi-color-text-muted); }
`;
