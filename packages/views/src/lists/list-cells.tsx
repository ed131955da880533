import { Tooltip } from '../components/tooltip';
import { BadgeCheck } from 'lucide-react';
import { DEFAULT_MAX_TAGS_SHOWN } from '@lumen-bi/core';
import type { ReactNode } from 'react';
import type { FilterOption } from './list-types';

/** A user as list endpoints embed it (owners, changed_by, created_by). */
export interface ListUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
}

export const userName = (user: ListUser | null | undefined): string =>
  user ? `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() || user.username || String(user.id) : '';

/** Owners as a comma-separated list of names. */
export function OwnersCell({ owners }: { owners: readonly ListUser[] | undefined }) {
  return <span className="bi-list-owners">{(owners ?? []).map(userName).join(', ')}</span>;
}

/** The tag's entity page (spec 2 §1): every dashboard, chart and saved query carrying it. */
export const tagEntitiesHref = (id: number) => `/superset/all_entities/?id=${id}`;

/**
 * Tags as chips linking to their entity page; beyond the maximum (4, spec 1 §9) they collapse into a +N
 * chip (spec 2 §4).
 */
export function TagsCell({ tags, max = DEFAULT_MAX_TAGS_SHOWN }: { tags: readonly { id: number; name: string; type?: unknown }[] | undefined; max?: number }) {
  // Only custom tags are the user's; owner:/type: tags are the system's bookkeeping.
  const custom = (tags ?? []).filter((t) => t.type === undefined || t.type === 'custom' || t.type === 1);
  if (custom.length === 0) return null;
  const shown = custom.slice(0, max);
  return (
    <span className="bi-list-tags">
      {shown.map((tag) => (
        <a key={tag.id} className="bi-chip bi-tag-chip" href={tagEntitiesHref(tag.id)} aria-label={`Tag: ${tag.name}`}>
          {tag.name}
        </a>
      ))}
      {custom.length > max && (
        <Tooltip content={custom.slice(max).map((t) => t.name).join(', ')}>
          <span className="bi-chip bi-tag-chip" tabIndex={0}>
            +{custom.length - max}
          </span>
        </Tooltip>
      )}
    </span>
  );
}

/**
 * 'Modified 3 days ago by Ada', on one line. In a narrow table the 'by Ada' part folds away (kept for
 * screen readers) and the whole text shows in a tooltip, so the cell never wraps onto several lines.
 */
export function ModifiedCell({ row }: { row: { changed_on_delta_humanized?: unknown; changed_by?: unknown } }) {
  const by = userName(row.changed_by as ListUser | null);
  const when = String(row.changed_on_delta_humanized ?? '');
  if (!by) return <span className="bi-list-modified">{when}</span>;
  return (
    <Tooltip content={`Modified ${when} by ${by}`}>
      <span className="bi-list-modified" tabIndex={0}>
        {when}
        <span className="bi-list-modified__by"> by {by}</span>
      </span>
    </Tooltip>
  );
}

/** A certification mark with who certified it in the tooltip. */
export function CertifiedMark({ by, details }: { by?: unknown; details?: unknown }) {
  if (typeof by !== 'string' || !by) return null;
  return (
    <Tooltip content={`Certified by ${by}${details ? `: ${String(details)}` : ''}`}>
      <span className="bi-certified" role="img" tabIndex={0} aria-label={`Certified by ${by}`}>
        <BadgeCheck size={14} aria-hidden="true" />
      </span>
    </Tooltip>
  );
}

/** What a card of a certifiable, taggable resource (chart, dashboard) shows besides its own meta line. */
export interface ResourceCardRow {
  url?: string;
  certified_by?: unknown;
  certification_details?: unknown;
  changed_on_delta_humanized?: unknown;
  changed_by?: unknown;
  tags?: readonly { id: number; name: string; type?: unknown }[];
}

/**
 * The body of a chart or dashboard card: favourite star, certification mark and linked title, the
 * resource's own meta line, 'Modified ... by ...', tags and the card's actions.
 */
export function ResourceCardBody({ row, title, meta, favoriteStar, actions }: { row: ResourceCardRow; title: string; meta: ReactNode; favoriteStar: ReactNode; actions: ReactNode }) {
  return (
    <>
      <p className="bi-list-card__title">
        {favoriteStar}
        <CertifiedMark by={row.certified_by} details={row.certification_details} />
        <a href={row.url}>{title}</a>
      </p>
      <span className="bi-list-card__meta">{meta}</span>
      <span className="bi-list-card__meta">
        <ModifiedCell row={row} />
      </span>
      <TagsCell tags={row.tags} />
      {actions}
    </>
  );
}

/** Yes/No choices of the favourite and certified filters. */
export const YES_NO: readonly FilterOption[] = [
  { label: 'Yes', value: true },
  { label: 'No', value: false },
];
