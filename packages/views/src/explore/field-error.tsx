/**
 * A control's validation message under its field: `id` is what the field's aria-describedby names, and the
 * alert role has a screen reader announce it when it appears. Renders nothing without a message.
 */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="bi-field-error" role="alert">
      {message}
    </p>
  ) : null;
}
