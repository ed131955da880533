import type { ReactNode } from 'react';

export interface FormFieldProps {
  /** The control's id; the label points at it and the error is `${id}-error`. */
  id: string;
  label: string;
  required?: boolean;
  /** The server's refusal about this field, shown under it. */
  error?: string;
  children: ReactNode;
}

/** A labelled form row of the Settings dialogs, with the server's message for the field under it. */
export function FormField({ id, label, required, error, children }: FormFieldProps) {
  return (
    <div className="bi-form-field">
      <label htmlFor={id}>
        {label}
        {required && <span className="bi-form-field__required">*</span>}
      </label>
      {children}
      {error && (
        <p className="bi-field-error" role="alert" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
