/** JSX typings of <bi-embed> for Preact: `import type {} from '@lumen-bi/embed/jsx-preact'` once in the project. */
import type { JSX } from 'preact';
import type { BiEmbedAttributes, BiEmbedElement, BiEmbedProps } from '../dist/index.js';

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'bi-embed': Omit<JSX.HTMLAttributes<BiEmbedElement>, keyof BiEmbedAttributes> & BiEmbedAttributes & BiEmbedProps;
    }
  }
}
