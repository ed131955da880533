/**
 * Small line icons drawn as SVG in the current text colour, so they render the same with any font (an
 * emoji or dingbat falls back to a box where the font lacks it). Decorative: the control around each one
 * carries the accessible name.
 */
const PATHS = {
  close: 'M4 4l8 8m0-8l-8 8',
  up: 'M8 13V3m-4 4l4-4 4 4',
  down: 'M8 3v10m-4-4l4 4 4-4',
  trash: 'M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.6 8.5h5.8l.6-8.5',
  plus: 'M8 3v10M3 8h10',
} as const;

export type GlyphName = keyof typeof PATHS | 'more';

/**
 * @example
 * <button aria-label="Close"><Glyph name="close" /></button>
 */
export function Glyph({ name, size = 16 }: { name: GlyphName; size?: number }) {
  return (
    <svg className="bi-glyph" viewBox="0 0 16 16" width={size} height={size} aria-hidden="true" focusable="false">
      {name === 'more' ? (
        <g fill="currentColor">
          <circle cx="3" cy="8" r="1.5" />
          <circle cx="8" cy="8" r="1.5" />
          <circle cx="13" cy="8" r="1.5" />
        </g>
      ) : (
        <path d={PATHS[name]} stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" fill="none" />
      )}
    </svg>
  );
}
