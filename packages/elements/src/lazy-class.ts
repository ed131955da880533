/**
 * Creates a value on first use and keeps it. The element classes extend HTMLElement, which does not exist in
 * Node: creating them when a module is imported would make `import '@lumen-bi/elements'` throw during SSR
 * (`HTMLElement is not defined`), so each class is created by the first defineElements() (or ELEMENTS
 * lookup), in the browser.
 *
 * @example
 * const chartElementClass = lazy(() => class extends HTMLElement {});
 * customElements.define('bi-chart', chartElementClass());
 */
export function lazy<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= create());
}
