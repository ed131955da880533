import type { CSSProperties, ReactNode } from 'react';

export interface SkeletonProps {
  /** CSS width of the block (default: the full width). */
  width?: CSSProperties['width'];
  /** CSS height of the block (default: one line of text). */
  height?: CSSProperties['height'];
  className?: string;
}

/**
 * A shimmering placeholder block where content is loading; still when the user prefers reduced motion.
 * Decorative: the region it sits in says it is busy (see SkeletonRegion).
 *
 * @example
 * <Skeleton width="60%" />
 */
export function Skeleton({ width, height, className }: SkeletonProps) {
  return <span className={`bi-skeleton${className ? ` ${className}` : ''}`} aria-hidden="true" style={{ width, height }} />;
}

export interface SkeletonRegionProps {
  /** What is loading, read by screen readers in place of the blocks ('Loading charts'). */
  label: string;
  children: ReactNode;
  className?: string;
}

/**
 * A region standing in for content that is loading: aria-busy, its skeleton blocks hidden from
 * assistive technology and a visually hidden status naming what is on its way.
 *
 * @example
 * <SkeletonRegion label="Loading dashboards"><Skeleton height={120} /></SkeletonRegion>
 */
export function SkeletonRegion({ label, children, className }: SkeletonRegionProps) {
  return (
    <div className={`bi-skeleton-region${className ? ` ${className}` : ''}`} aria-busy="true">
      <span className="bi-visually-hidden" role="status">
        {label}
      </span>
      {children}
    </div>
  );
}

/** Widths of LoadingLines' blocks: uneven, so they read as lines of text rather than a grey box. */
const LINE_WIDTHS = ['80%', '65%', '72%', '55%'];

/**
 * The design system's stand-in for a page or panel whose content is loading: a few skeleton lines in a
 * busy region naming what is on its way. Use it wherever a bare 'Loading…' text would go.
 *
 * @example
 * <LoadingLines label="Loading profile" />
 */
export function LoadingLines({ label, lines = 3, className }: { label: string; lines?: number; className?: string }) {
  return (
    <SkeletonRegion label={label} className={className}>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} width={LINE_WIDTHS[i % LINE_WIDTHS.length]} />
      ))}
    </SkeletonRegion>
  );
}
