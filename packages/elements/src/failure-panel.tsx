import type { BiErrorDetail } from './element-events';
import { useTranslation } from '@lumen-bi/views';
import { failureHeadline } from './failure-headline';

/**
 * What an element shows in place of "Loading…" when it cannot show its content: the cause by name and the
 * server's words, so the viewer (and the host's developer looking at the page) knows why. The headline is
 * in the element's locale; the server's detail stays as the server wrote it.
 */
export function FailurePanel({ failure }: { failure: Pick<BiErrorDetail, 'code' | 'message'> }) {
  const { t } = useTranslation();
  const source = failureHeadline(failure.code);
  const headline = t(source);
  return (
    <div className="bi-element__status bi-element__failure" role="alert" data-code={failure.code}>
      <strong>{headline}.</strong> {failure.message && failure.message !== source ? failure.message : null}
    </div>
  );
}
