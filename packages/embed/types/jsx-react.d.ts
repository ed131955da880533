/**
 * JSX typings of <bi-embed> for React 18 and 19: `import type {} from '@lumen-bi/embed/jsx-react'` once in
 * a TSX project (`@lumen-bi/elements/jsx-react` includes it). React 19 sets `fetchGuestToken` and
 * `urlParams` as properties and listens to `onbi-ready`/`onbi-error`/`onbi-data-mask`; React 18 needs a ref
 * for both.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { BiEmbedAttributes, BiEmbedElement, BiEmbedElementEventMap, BiEmbedProps } from '../dist/index.js';

export type BiEmbedJsx = Omit<DetailedHTMLProps<HTMLAttributes<BiEmbedElement>, BiEmbedElement>, keyof BiEmbedAttributes> &
  BiEmbedAttributes &
  BiEmbedProps & {
    class?: string;
    'onbi-ready'?: (event: BiEmbedElementEventMap['bi-ready']) => void;
    'onbi-error'?: (event: BiEmbedElementEventMap['bi-error']) => void;
    'onbi-data-mask'?: (event: BiEmbedElementEventMap['bi-data-mask']) => void;
  };

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'bi-embed': BiEmbedJsx;
    }
  }
}

declare global {
  namespace JSX {
    interface IntrinsicElements {
      'bi-embed': BiEmbedJsx;
    }
  }
}
