import { NOT_BUILT_NOTICE, PAGE_DESCRIPTIONS, type PageKey } from './page-descriptions';

export interface PlaceholderPageProps {
  page: PageKey;
}

/**
 * Stands in for a screen that does not exist yet: says what the screen is for and that it is not built.
 * It renders no controls, so nothing on it pretends to work.
 *
 * @example
 * <PlaceholderPage page="charts" />
 */
export function PlaceholderPage({ page }: PlaceholderPageProps) {
  const { title, purpose } = PAGE_DESCRIPTIONS[page];
  return (
    <section className="bi-page" aria-labelledby={`bi-page-${page}`}>
      <h1 id={`bi-page-${page}`}>{title}</h1>
      <p>
        {title}: {purpose.charAt(0).toLowerCase() + purpose.slice(1)}
      </p>
      <p className="bi-page__notice">{NOT_BUILT_NOTICE}</p>
    </section>
  );
}
