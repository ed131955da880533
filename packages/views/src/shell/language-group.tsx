import { useTranslation } from '../i18n/locale-provider';
import { languageChoices } from '../i18n/language-choices';

export interface LanguageGroupProps {
  /** The id prefix of the menu, for the heading's id. */
  menuId: string;
  /** The language the app is drawn in (`pt_BR` spelling). */
  locale: string;
  onChange: (locale: string) => void;
}

/**
 * The user menu's Language choice: the 14 locales, each by its own name and marked with its `lang` so a
 * screen reader speaks it in that language; one radio item per language, reached with Tab like the
 * Theme choice above it.
 */
export function LanguageGroup({ menuId, locale, onChange }: LanguageGroupProps) {
  const { t } = useTranslation();
  const headingId = `${menuId}-language`;
  return (
    <div className="bi-user-menu__group" role="group" aria-labelledby={headingId}>
      <div className="bi-user-menu__heading" id={headingId}>
        {t('Language')}
      </div>
      <div className="bi-user-menu__languages">
        {languageChoices().map((choice) => (
          <button
            key={choice.locale}
            type="button"
            lang={choice.tag}
            className="bi-user-menu__item bi-user-menu__choice"
            role="menuitemradio"
            aria-checked={choice.locale === locale}
            onClick={() => onChange(choice.locale)}
          >
            {choice.name}
          </button>
        ))}
      </div>
    </div>
  );
}
