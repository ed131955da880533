import type { ReactNode } from 'react';

/** A visible caption over a select; the select itself carries the same accessible name. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="bi-create__field">
      <span className="bi-create__label" aria-hidden="true">
        {label}
      </span>
      {children}
    </div>
  );
}
