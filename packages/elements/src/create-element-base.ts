/**
 * The base class of each element: a custom element rendering a React component into its open shadow root,
 * with every attribute passed through as its raw string (null once removed, so bare boolean attributes such
 * as `hide-title` and their removal reach the component), a camelCase property reflecting each attribute,
 * and property-only props (functions, controllers) set with setElementProp. It renders only while connected:
 * a detached element fetches nothing. (It replaces @r2wc/react-to-web-component, whose attribute parsing the
 * elements had to override and whose 1 KB min+gzip every <bi-chart> first load carried.)
 */
import { createElement, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { LumenTheme } from '@lumen-bi/views';
import { applyElementThemeConfig, applyElementThemeMode, elementThemeConfig, type ElementThemeMode } from './element-theme';

const PROPS = Symbol('props');
const ROOT = Symbol('root');

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
  const propOf = new Map(attributes.map((attribute) => [attribute, attributeToProp(attribute)]));

  class LumenElementBase extends HTMLElement {
    static get observedAttributes(): string[] {
      return [...attributes];
    }

    readonly container: ShadowRoot;
    [PROPS]: Record<string, unknown>;
    [ROOT]: Root | undefined;

    constructor() {
      super();
      this.container = this.attachShadow({ mode: 'open' });
      this[PROPS] = { container: this.container };
    }

    connectedCallback(): void {
      this.renderIfConnected();
    }

    disconnectedCallback(): void {
      this[ROOT]?.unmount();
      this[ROOT] = undefined;
    }

    attributeChangedCallback(attribute: string, _oldValue: string | null, value: string | null): void {
      this[PROPS][propOf.get(attribute) ?? attributeToProp(attribute)] = value;
      this.renderIfConnected();
    }

    setElementProp(name: string, value: unknown): void {
      this[PROPS][name] = value;
      this.renderIfConnected();
    }

    getElementProp(name: string): unknown {
      return this[PROPS][name];
    }

    // Every change renders, but only in a document: connectedCallback renders with everything set so far.
    private renderIfConnected(): void {
      if (!this.isConnected) return;
      this[ROOT] ??= createRoot(this.container);
      this[ROOT].render(createElement(component, { ...this[PROPS] } as P));
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

  // `el.chartId = '42'` sets chart-id (and `= null` removes it); the prop holds the value at once.
  for (const [attribute, prop] of propOf) {
    Object.defineProperty(LumenElementBase.prototype, prop, {
      enumerable: true,
      configurable: true,
      get(this: LumenElementBase) {
        return this.getElementProp(prop);
      },
      set(this: LumenElementBase, value: unknown) {
        this[PROPS][prop] = value;
        if (this.getAttribute(attribute) === value) return;
        if (value === null || value === undefined) this.removeAttribute(attribute);
        else this.setAttribute(attribute, String(value));
      },
    });
  }
  return LumenElementBase as unknown as ElementBaseConstructor;
}
