/** Dashboard CSS sanitising lives in @lumen-bi/charts (shared with the HTML sanitiser); re-exported for the dashboard. */
export { DASHBOARD_CSS_SCOPE, sanitizeCss, sanitizeDeclaration, sanitizeDeclarations } from '@lumen-bi/charts';
