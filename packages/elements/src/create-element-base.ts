/**
 * The base class of each element: r2wc's custom element around a React component, rendered into an open
 * shadow root, with every attribute passed through as its raw string. r2wc's own attribute handling skips
 * empty and removed values, which would break bare boolean attributes (`hide-title`) and their removal;
 * this base passes every change, null included, and adds property-only props (functions, controllers).
 */
import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
import type { LumenTheme } from '@lumen-bi/views';
import { applyElementThemeConfig, applyElementThemeMode, elementThemeConfig, type ElementThemeMode } from './element-theme';

// r2wc keeps its state under these registered symbols (@r2wc/core); reused here rather than duplicated.
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

interface R2wcInternals {
  [PROPS]: Record<string, unknown>;
  [RENDER](): void;
}

/** What the element classes inherit. */
export interface ElementBase extends HTMLElement {
  /** The shadow root the React tree renders into. */
  readonly container: ShadowRoot;
  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(attribute: string, oldValue: string | null, value: string | null): void;
  /** Sets a prop that has no attribute (a function or an object) and re-renders. */
  setElementProp(name: string, value: unknown): void;
  getElementProp(name: string): unknown;
  /** Applies a theme object: its tokens override the built-in theme's (element-theme.ts). */
  setThemeConfig(theme: LumenTheme | null): void;
  /** Sets the theme mode: 'default', 'dark' or 'system' (follows the OS preference). */
  setThemeMode(mode: ElementThemeMode): void;
  /** The theme object last applied (setThemeConfig), or null. */
  themeConfig: LumenTheme | null;
}

export type ElementBaseConstructor = new () => ElementBase;

/** `hide-title` -> `hideTitle`. */
export function attributeToProp(attribute: string): string {
  return attribute.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/**
 * @example
 * class BiChartElement extends createElementBase(ChartElementView, ['api-url', 'chart-id']) {}
 */
export function createElementBase<P extends object>(component: ComponentType<P>, attributes: readonly string[]): ElementBaseConstructor {
  const props = Object.fromEntries(attributes.map((attribute) => [attributeToProp(attribute), 'string' as const]));
  const Base = r2wc(component, { shadow: 'open', props: props as never }) as unknown as new () => HTMLElement & R2wcInternals;

  class LumenElementBase extends Base {
    declare readonly container: ShadowRoot;

    attributeChangedCallback(attribute: string, _oldValue: string | null, value: string | null): void {
      this[PROPS][attributeToProp(attribute)] = value;
      this.renderIfConnected();
    }

    setElementProp(name: string, value: unknown): void {
      this[PROPS][name] = value;
      this.renderIfConnected();
    }

    // r2wc renders on every change, even before the element is in a document; a detached element would then
    // start fetching. connectedCallback renders with everything set so far.
    private renderIfConnected(): void {
      if (this.isConnected) this[RENDER]();
    }

    getElementProp(name: string): unknown {
      return this[PROPS][name];
    }

    setThemeConfig(theme: LumenTheme | null): void {
      applyElementThemeConfig(this, theme);
    }

    setThemeMode(mode: ElementThemeMode): void {
      applyElementThemeMode(this, mode);
    }

    get themeConfig(): LumenTheme | null {
      return elementThemeConfig(this);
    }

    set themeConfig(theme: LumenTheme | null) {
      applyElementThemeConfig(this, theme);
    }
  }
  return LumenElementBase as unknown as ElementBaseConstructor;
}
