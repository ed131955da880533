/**
 * Dashboard CSS is user input injected in a <style>: anything that can run script or load a remote
 * resource (expression(), javascript:, @import, url() to another origin) is dropped, and a closing
 * </style> can not escape the element.
 */
export function sanitizeCss(css: string): string {
  return css
    .replace(/<\/?\s*style/gi, '')
    .replace(/@import[^;]*;?/gi, '')
    .replace(/expression\s*\(/gi, '(')
    .replace(/javascript:/gi, '')
    .replace(/url\(\s*(['"]?)(?!data:image\/)[^)]*\)/gi, 'none');
}
