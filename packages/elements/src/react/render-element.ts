import { createElement, type CSSProperties, type ReactElement } from 'react';

/**
 * The element's tag with its attributes, style and ref. React's createElement types a string tag's ref as
 * an Element ref; the components' refs are typed by their element, hence the one cast here.
 */
export function renderElement<E extends HTMLElement>(tag: string, attributes: Record<string, string>, ref: (element: E | null) => void, style?: CSSProperties): ReactElement {
  return createElement(tag, { ...attributes, ref, style } as Record<string, unknown>);
}
