/**
 * The line icons of the dashboard and the shared controls (filter bar, select, toasts, date picker), drawn
 * inline: the same SVG as lucide-react's (the same classes, `lucide lucide-<name>`,
 * attributes and path data, from Lucide, ISC licence, https://lucide.dev), without its runtime. A host
 * embedding a dashboard downloads a few path strings instead of lucide's icon builder (issue 15: weight);
 * the app's other pages keep importing lucide-react. Icons of code loaded later (the calendar, edit mode)
 * are made with createIcon there, so the first load holds only the first paint's.
 */
import type { SVGProps } from 'react';

/** One child of an icon's SVG: a path's d, or a circle or rect by its attributes. */
export type IconNode = string | { circle: [cx: number, cy: number, r: number] } | { rect: [x: number, y: number, width: number, height: number, rx: number] };

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'ref'> {
  /** Width and height in px (default 24). */
  size?: number;
}

/** `names`: the icon's name and its aliases, as lucide puts them in the class. */
export function createIcon(names: string, nodes: readonly IconNode[]) {
  const iconClass = `lucide ${names.split(' ').map((name) => `lucide-${name}`).join(' ')}`;
  // Decorative (aria-hidden) as every use here is: the control around it carries the name.
  function Icon({ size = 24, className, ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `${iconClass} ${className}` : iconClass}
        aria-hidden="true"
        {...rest}
      >
        {nodes.map((node, index) =>
          typeof node === 'string' ? (
            <path key={index} d={node} />
          ) : 'circle' in node ? (
            <circle key={index} cx={node.circle[0]} cy={node.circle[1]} r={node.circle[2]} />
          ) : (
            <rect key={index} x={node.rect[0]} y={node.rect[1]} width={node.rect[2]} height={node.rect[3]} rx={node.rect[4]} />
          ),
        )}
      </svg>
    );
  }
  return Icon;
}

export const FRAME: IconNode = { rect: [3, 3, 18, 18, 2] };

export const X = /* @__PURE__ */ createIcon('x', ['M18 6 6 18', 'm6 6 12 12']);
export const PanelLeftClose = /* @__PURE__ */ createIcon('panel-left-close sidebar-close', [FRAME, 'M9 3v18', 'm16 15-3-3 3-3']);
export const PanelLeftOpen = /* @__PURE__ */ createIcon('panel-left-open sidebar-open', [FRAME, 'M9 3v18', 'm14 9 3 3-3 3']);
export const CalendarDays = /* @__PURE__ */ createIcon('calendar-days', ['M8 2v3', 'M16 2v3', FRAME, 'M3 9h18', 'M8 13h.01', 'M12 13h.01', 'M16 13h.01', 'M8 17h.01', 'M12 17h.01', 'M16 17h.01']);
export const Star = /* @__PURE__ */ createIcon('star', [
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z',
]);
export const BadgeCheck = /* @__PURE__ */ createIcon('badge-check verified', [
  'M3.85 8.62a4 4 0 0 1 4.78-4.77 4 4 0 0 1 6.74 0 4 4 0 0 1 4.78 4.78 4 4 0 0 1 0 6.74 4 4 0 0 1-4.77 4.78 4 4 0 0 1-6.75 0 4 4 0 0 1-4.78-4.77 4 4 0 0 1 0-6.76Z',
  'm16 9-5.5 5.5L8 12',
]);
