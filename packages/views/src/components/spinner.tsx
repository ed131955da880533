/**
 * A spinning wheel over content that is being (re)computed, such as a chart waiting for its data. It covers
 * its positioned parent and announces itself as a status, so assistive technology hears what is busy.
 *
 * @example
 * <Spinner label="Loading chart" />
 */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="bi-spinner" role="status" aria-label={label}>
      <span className="bi-spinner__wheel" aria-hidden="true" />
    </div>
  );
}
