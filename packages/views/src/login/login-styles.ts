/** Styles of the login page, on theme custom properties only (see theme/theme-tokens.ts). */
export const LOGIN_CSS = `
.bi-login { min-height: 100vh; display: flex; align-items: center; justify-content: center;
  background: var(--bi-color-bg); color: var(--bi-color-text); font-family: var(--bi-font-family);
  font-size: var(--bi-font-size); line-height: var(--bi-line-height); }
.bi-login__card { width: 340px; max-width: calc(100vw - 32px); box-sizing: border-box; background: var(--bi-color-surface);
  border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius); padding: var(--bi-space-4); }
.bi-login__title { margin: 0 0 var(--bi-space-3); font-size: var(--bi-font-size-lg); }
.bi-login__field { display: flex; flex-direction: column; gap: var(--bi-space-1); margin-bottom: var(--bi-space-3); }
.bi-login__field input { font: inherit; color: var(--bi-color-text); background: var(--bi-color-surface);
  padding: var(--bi-space-2); border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius); }
.bi-login__error { margin: 0 0 var(--bi-space-3); padding: var(--bi-space-2) var(--bi-space-3);
  color: var(--bi-color-error-dark); background: var(--bi-color-error-light); border-radius: var(--bi-radius); }
.bi-login__submit { width: 100%; font: inherit; font-weight: 600; cursor: pointer; border: 0;
  padding: var(--bi-space-2); border-radius: var(--bi-radius); color: var(--bi-color-text-on-primary);
  background: var(--bi-color-primary); }
.bi-login__submit:hover { background: var(--bi-color-primary-dark); }
.bi-login__sso { display: block; box-sizing: border-box; width: 100%; margin-bottom: var(--bi-space-2); text-align: center;
  font-weight: 600; text-decoration: none; padding: var(--bi-space-2); border-radius: var(--bi-radius);
  color: var(--bi-color-text); background: var(--bi-color-surface); border: 1px solid var(--bi-color-border); }
.bi-login__sso:hover { border-color: var(--bi-color-primary); color: var(--bi-color-primary-dark); }
.bi-login__sso:focus-visible, .bi-login__method input:focus-visible + span { outline: 2px solid var(--bi-color-primary); outline-offset: 2px; }
.bi-login__divider { display: flex; align-items: center; gap: var(--bi-space-2); margin: var(--bi-space-3) 0;
  color: var(--bi-color-text-muted); }
.bi-login__divider::before, .bi-login__divider::after { content: ''; flex: 1; border-top: 1px solid var(--bi-color-border); }
.bi-login__methods { display: flex; margin-bottom: var(--bi-space-3); border: 1px solid var(--bi-color-border);
  border-radius: var(--bi-radius); overflow: hidden; }
.bi-login__method { flex: 1 1 0; min-width: 0; cursor: pointer; }
.bi-login__method input { position: absolute; opacity: 0; width: 1px; height: 1px; }
.bi-login__method span { display: block; text-align: center; padding: var(--bi-space-1) var(--bi-space-2);
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.bi-login__method + .bi-login__method span { border-left: 1px solid var(--bi-color-border); }
.bi-login__method input:checked + span { color: var(--bi-color-text-on-primary); background: var(--bi-color-primary); }
`;
