/**
 * The elements' own status lines, in the element's locale (the LocaleProvider each element view renders):
 * what a viewer reads while content loads, and what a host's developer reads when an attribute is missing.
 */
import { useTranslation } from '@lumen-bi/views';

/** Shown while the element's content (or its code) loads. */
export function LoadingStatus() {
  const { t } = useTranslation();
  return (
    <p className="bi-element__status" aria-busy="true">
      {t('Loading…')}
    </p>
  );
}

/** Shown when the attribute naming the content (`chart-id`, `dashboard-id`) is absent. */
export function MissingAttributeStatus({ attribute }: { attribute: string }) {
  const { t } = useTranslation();
  return <p className="bi-element__status">{t('Set the {attribute} attribute.', { attribute })}</p>;
}
