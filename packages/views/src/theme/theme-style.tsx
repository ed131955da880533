import { themeStylesheet } from './theme-stylesheet';

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
  return <style data-bi-theme-tokens="">{themeStylesheet(scope)}</style>;
}
