import type { BiErrorDetail } from './element-events';
import { failureHeadline } from './failure-headline';

/**
 * What an element shows in place of "Loading…" when it cannot show its content: the cause by name and the
 * server's words, so the viewer (and the host's developer looking at the page) knows why.
 */
export function FailurePanel({ failure }: { failure: Pick<BiErrorDetail, 'code' | 'message'> }) {
  const headline = failureHeadline(failure.code);
  return (
    <div className="bi-element__status bi-element__failure" role="alert" data-code={failure.code}>
      <strong>{headline}.</strong> {failure.message && failure.message !== headline ? failure.message : null}
    </div>
  );
}
