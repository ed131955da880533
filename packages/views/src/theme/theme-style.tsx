import { themeStylesheet } from './theme-stylesheet';

/** Links without a class of their own take the theme's link colour, not the browser's blue (unreadable in dark). */
const PLAIN_LINKS = '\n:where(a:not([class])) { color: var(--bi-color-primary-dark); }';

export interface ThemeStyleProps {
  /** `:root` for a page, `:host` inside a shadow root. */
  scope?: string;
}

/**
 * Renders the theme tokens as a `<style>` element, so the same component themes the app page and a custom
 * element's shadow root.
 *
 * @example
 * <ThemeStyle scope=":root" />
 */
export function ThemeStyle({ scope = ':root' }: ThemeStyleProps) {
  return <style data-bi-theme-tokens="">{themeStylesheet(scope) + PLAIN_LINKS}</style>;
}
