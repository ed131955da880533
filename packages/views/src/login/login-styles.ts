/** Styles of the login page, on theme custom properties only (see theme/theme-tokens.ts). */
export const LOGIN_CSS = `
.bi-login { min-height: 100vh; display: flex; align-items: center; justify-content: center;
  background: var(--bi-color-bg); color: var(--bi-color-text); font-family: var(--bi-font-family);
  font-size: var(--bi-font-size); line-height: var(--bi-line-height); }
.bi-login__card { width: 340px; max-width: calc(100vw - 32px); background: var(--bi-color-surface);
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
`;
