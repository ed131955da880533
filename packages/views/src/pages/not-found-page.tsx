import type { MouseEvent } from 'react';
import { isPlainLeftClick } from '../shell/link-click';

export interface NotFoundPageProps {
  pathname: string;
  homeHref?: string;
  onNavigate?: (href: string) => void;
}

/**
 * Shown for an address the app has no page for.
 *
 * @example
 * <NotFoundPage pathname="/nope/" onNavigate={navigate} />
 */
export function NotFoundPage({ pathname, homeHref = '/superset/welcome/', onNavigate }: NotFoundPageProps) {
  const goHome = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || !isPlainLeftClick(event)) return;
    event.preventDefault();
    onNavigate(homeHref);
  };
  return (
    <section className="bi-page" aria-labelledby="bi-page-not-found">
      <h1 id="bi-page-not-found">Page not found</h1>
      <p>
        There is no page at <code>{pathname}</code>.
      </p>
      <p>
        <a href={homeHref} onClick={goHome}>
          Go to Home
        </a>
      </p>
    </section>
  );
}
