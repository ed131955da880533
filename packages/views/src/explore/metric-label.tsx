import { BadgeCheck, OctagonX, TriangleAlert } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { CertifiedItem } from './explore-types';

export interface ItemLabelProps {
  /** metric_name or column_name. */
  name: string;
  item: CertifiedItem;
  /** A type icon shown before the label (columns). */
  icon?: ReactNode;
  iconTitle?: string;
}

/** The text shown for a metric or column: its verbose name, else its name. */
export const itemLabel = (name: string, item: CertifiedItem) => item.verbose_name || name;

/**
 * A metric or column label (spec 3 §2): type icon, label, certification badge, warning or error icon,
 * and a tooltip with the label, name, expression, certifier and warning, shown on hover and on focus.
 *
 * @example
 * <ItemLabel name="sum__num" item={metric} />
 */
export function ItemLabel({ name, item, icon, iconTitle }: ItemLabelProps) {
  const [open, setOpen] = useState(false);
  const tipId = useId();
  const label = itemLabel(name, item);
  const warning = item.warning_markdown || item.warning_text;
  return (
    <span
      className="bi-item-label"
      tabIndex={0}
      aria-describedby={open ? tipId : undefined}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
    >
      {icon && (
        <span className="bi-type-icon" title={iconTitle} aria-label={iconTitle} role="img">
          {icon}
        </span>
      )}
      <span className="bi-item-label__text">{label}</span>
      {item.is_certified && (
        <span className="bi-cert-badge" role="img" aria-label={`Certified by ${item.certified_by ?? 'unknown'}`} title={`Certified by ${item.certified_by ?? ''}`}>
          <BadgeCheck size={14} aria-hidden="true" />
        </span>
      )}
      {warning && (
        <span className="bi-warning-icon" role="img" aria-label="Warning" title={warning}>
          <TriangleAlert size={14} aria-hidden="true" />
        </span>
      )}
      {item.error_text && (
        <span className="bi-error-icon" role="img" aria-label="Error" title={item.error_text}>
          <OctagonX size={14} aria-hidden="true" />
        </span>
      )}
      {open && (
        <span className="bi-tooltip" role="tooltip" id={tipId}>
          <strong>{label}</strong>
          {label !== name && <span>Name: {name}</span>}
          {item.expression && <code>{item.expression}</code>}
          {item.description && <span>{item.description}</span>}
          {item.is_certified && (
            <span>
              Certified by {item.certified_by}
              {item.certification_details ? ` (${item.certification_details})` : ''}
            </span>
          )}
          {warning && <span className="bi-tooltip__warning">{warning}</span>}
        </span>
      )}
    </span>
  );
}
