/**
 * Registers one element class under its tag. Kept apart from define-elements.ts so a per-element entry
 * (`@lumen-bi/elements/define/chart`) reaches only its own element's code.
 */

/**
 * Defines `tag` unless it is already defined (two copies of the bundle on one page must not throw). In Node
 * (SSR) nothing happens and the class is never created: there is no HTMLElement to extend (lit's Node build,
 * loaded through @lumen-bi/embed, installs a `customElements` stand-in, so that alone proves nothing).
 *
 * @example
 * defineElement('bi-chart', chartElementClass);
 */
export function defineElement(tag: string, elementClass: () => CustomElementConstructor, registry?: CustomElementRegistry): void {
  if (typeof HTMLElement === 'undefined') return;
  const target = registry ?? (typeof customElements === 'undefined' ? undefined : customElements);
  if (!target || target.get(tag)) return;
  target.define(tag, elementClass());
}
