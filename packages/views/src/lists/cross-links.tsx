import { MAX_CROSS_LINKS } from '@lumen-bi/core';
import { useId, useState } from 'react';

export interface CrossLink {
  title: string;
  href: string;
}

export interface CrossLinksProps {
  links: readonly CrossLink[];
  /** How many links are drawn inline before the rest hide behind '+N'. */
  inline?: number;
  onNavigate?(href: string, event: React.MouseEvent): void;
}

/**
 * Links to related objects (a chart's dashboards). Hovering or focusing shows a tooltip listing the titles,
 * at most 20 links, then '+ N more' (spec 1 §2, §9), so a chart on 200 dashboards does not draw a wall.
 */
export function CrossLinks({ links, inline = 2, onNavigate }: CrossLinksProps) {
  const [open, setOpen] = useState(false);
  const tooltipId = useId();
  if (links.length === 0) return null;
  const listed = links.slice(0, MAX_CROSS_LINKS);
  const more = links.length - listed.length;
  const hidden = links.length - Math.min(inline, links.length);
  const link = (item: CrossLink, i: number) => (
    <a key={`${item.href}-${i}`} href={item.href} onClick={onNavigate ? (e) => onNavigate(item.href, e) : undefined}>
      {item.title}
    </a>
  );
  return (
    <span
      className="bi-cross-links"
      aria-describedby={open ? tooltipId : undefined}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
    >
      <span className="bi-cross-links__inline">
        {links.slice(0, inline).map((item, i) => (
          <span key={i}>
            {i > 0 && ', '}
            {link(item, i)}
          </span>
        ))}
      </span>
      {hidden > 0 && (
        <button type="button" className="bi-cross-links__more bi-chip">
          +{hidden}
        </button>
      )}
      {open && (
        <span role="tooltip" id={tooltipId} className="bi-cross-links__tooltip">
          {listed.map((item, i) => (
            <span key={i} className="bi-cross-links__item">
              {link(item, i)}
            </span>
          ))}
          {more > 0 && <span className="bi-cross-links__item">+ {more} more</span>}
        </span>
      )}
    </span>
  );
}
