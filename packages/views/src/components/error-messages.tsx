import { ErrorTypeEnum, type IssueCode } from '@lumen-bi/core';
import { issueCodeText, uniqueIssueCodes } from './issue-codes';
import { distance } from 'fastest-levenshtein';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/locale-provider';
import { createErrorMessageRegistry, type ErrorMessageComponent, type ErrorMessageProps, type ErrorMessageRegistry } from './error-message-registry';

/** Suggestions are offered for names at most this many edits away (spec 2 §9 'Similar-word threshold 2'). */
export const MAX_SUGGESTION_DISTANCE = 2;

function ErrorFrame({ title, level, children }: { title: string; level: string; children: ReactNode }) {
  return (
    <div className={`bi-error-panel bi-error-panel--${level}`} role="alert">
      <h3 className="bi-error-panel__title">{title}</h3>
      {children}
    </div>
  );
}

function IssueCodes({ codes }: { codes: IssueCode[] | undefined }) {
  const { t } = useTranslation();
  const unique = uniqueIssueCodes(codes);
  if (!unique.length) return null;
  return (
    <>
      <p className="bi-error-panel__hint">{t('This may be triggered by:')}</p>
      <ul className="bi-error-panel__issues">
        {unique.map((issue) => (
          <li key={issue.code}>
            {issueCodeText(issue)}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The message in the viewer's language when it is one of the catalogue's (spec 2 §8, error-catalogue.ts);
 * a server's own text (an engine's error, say) has no entry and shows as it came.
 */
function Message({ text }: { text: string }) {
  const { t } = useTranslation();
  return <p className="bi-error-panel__message">{t(text)}</p>;
}

/** Any engine error: '{Engine} Error', the message and what may have triggered it (issue codes). */
export function DatabaseErrorMessage({ error, title }: ErrorMessageProps) {
  const { t } = useTranslation();
  const engine = typeof error.extra?.engine_name === 'string' ? error.extra.engine_name : null;
  return (
    <ErrorFrame title={title ?? (engine ? t('{engine} Error', { engine }) : t('DB engine Error'))} level={error.level}>
      <Message text={error.message} />
      <IssueCodes codes={error.extra?.issue_codes} />
    </ErrorFrame>
  );
}

export function DatasetNotFoundErrorMessage({ error, title }: ErrorMessageProps) {
  const { t } = useTranslation();
  return (
    <ErrorFrame title={title ?? t('Missing dataset')} level={error.level}>
      <Message text={error.message || 'The dataset associated with this chart no longer exists'} />
    </ErrorFrame>
  );
}

export function NetworkErrorMessage({ error, title }: ErrorMessageProps) {
  const { t } = useTranslation();
  return (
    <ErrorFrame title={title ?? t('Network error')} level={error.level}>
      <Message text={error.message} />
      <p className="bi-error-panel__hint">{t('Check your network connection and try again.')}</p>
    </ErrorFrame>
  );
}

/** 'Unable to parse SQL': the offending line with a caret under the column (extra.sql, line, column; 1-based). */
export function InvalidSqlErrorMessage({ error, title }: ErrorMessageProps) {
  const { t } = useTranslation();
  const { sql, line, column } = (error.extra ?? {}) as { sql?: unknown; line?: unknown; column?: unknown };
  const lines = typeof sql === 'string' ? sql.split('\n') : [];
  const lineNumber = typeof line === 'number' && line >= 1 ? line : lines.length === 1 ? 1 : null;
  const offending = lineNumber !== null ? lines[lineNumber - 1] : undefined;
  return (
    <ErrorFrame title={title ?? t('Unable to parse SQL')} level={error.level}>
      <Message text={error.message} />
      {offending !== undefined && (
        <pre className="bi-error-panel__sql" data-testid="sql-caret">
          {offending}
          {typeof column === 'number' && column >= 1 ? `\n${' '.repeat(column - 1)}^` : ''}
        </pre>
      )}
    </ErrorFrame>
  );
}

/**
 * Pairs each undefined parameter with the defined ones at most MAX_SUGGESTION_DISTANCE edits away.
 *
 * @example
 * parameterSuggestions(['stat'], ['state', 'city']); // [{ undefined: 'stat', suggestions: ['state'] }]
 */
export function parameterSuggestions(undefinedParameters: string[], templateKeys: string[]) {
  return undefinedParameters
    .map((name) => ({ undefined: name, suggestions: templateKeys.filter((key) => distance(name, key) <= MAX_SUGGESTION_DISTANCE) }))
    .filter((match) => match.suggestions.length > 0);
}

/** Template parameter errors, with 'Did you mean' suggestions for misspelt names. */
export function ParameterErrorMessage({ error, title }: ErrorMessageProps) {
  const { t } = useTranslation();
  const extra = (error.extra ?? {}) as { undefined_parameters?: unknown; template_parameters?: unknown; issue_codes?: IssueCode[] };
  const undefinedParameters = Array.isArray(extra.undefined_parameters) ? extra.undefined_parameters.map(String) : [];
  const templateKeys = extra.template_parameters && typeof extra.template_parameters === 'object' ? Object.keys(extra.template_parameters) : [];
  const matches = parameterSuggestions(undefinedParameters, templateKeys);
  return (
    <ErrorFrame title={title ?? t('Parameter error')} level={error.level}>
      <Message text={error.message} />
      {matches.length > 0 && (
        <>
          <p className="bi-error-panel__hint">{t('Did you mean:')}</p>
          <ul className="bi-error-panel__suggestions">
            {matches.flatMap((match) =>
              match.suggestions.map((suggestion) => (
                <li key={`${match.undefined}:${suggestion}`}>
                  {t('"{suggestion}" instead of "{name}"?', { suggestion, name: match.undefined })}
                </li>
              )),
            )}
          </ul>
        </>
      )}
      <IssueCodes codes={extra.issue_codes} />
    </ErrorFrame>
  );
}

/** Timeouts: how long queries may run (extra.timeout, in seconds) and the issue codes 1000/1001. */
export function TimeoutErrorMessage({ error, title }: ErrorMessageProps) {
  const { t } = useTranslation();
  const seconds = typeof error.extra?.timeout === 'number' ? error.extra.timeout : null;
  return (
    <ErrorFrame title={title ?? t('Timeout error')} level={error.level}>
      {seconds !== null ? (
        <p className="bi-error-panel__message">
          {seconds === 1
            ? t("We're having trouble loading this visualization. Queries are set to timeout after 1 second.")
            : t("We're having trouble loading this visualization. Queries are set to timeout after {seconds} seconds.", { seconds })}
        </p>
      ) : (
        <Message text={error.message} />
      )}
      <IssueCodes codes={error.extra?.issue_codes} />
    </ErrorFrame>
  );
}

/** The database needs the user's OAuth2 authorization: a link that opens the provider's consent page. */
export function OAuth2RedirectMessage({ error, title }: ErrorMessageProps) {
  const { t } = useTranslation();
  const url = typeof error.extra?.url === 'string' ? error.extra.url : typeof error.extra?.link === 'string' ? error.extra.link : null;
  return (
    <ErrorFrame title={title ?? t('Authorization needed')} level={error.level}>
      <Message text={error.message} />
      {url && (
        <p>
          {t('This database uses OAuth2 for authentication.')}{' '}
          <a href={url} target="_blank" rel="noreferrer">
            {t('Provide authorization')}
          </a>{' '}
          {t('Then run the query again.')}
        </p>
      )}
    </ErrorFrame>
  );
}

const DRIVER_HINT = /no module named|driver|dialect|could not load/i;

/** Import failures: each bundle file with what was wrong in it, and a hint when a database driver is missing. */
export function ImportErrorMessage({ error, title }: ErrorMessageProps) {
  const { t } = useTranslation();
  const files = Object.entries(error.extra ?? {}).filter(([key]) => key.includes('/') || /\.(ya?ml|json)$/.test(key));
  const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));
  const needsDriver = DRIVER_HINT.test(error.message) || files.some(([, value]) => DRIVER_HINT.test(text(value)));
  // GENERIC_COMMAND_ERROR also covers failures that are not imports: those keep the generic panel.
  if (!files.length && !needsDriver) return <UnexpectedErrorMessage error={error} title={title} />;
  return (
    <ErrorFrame title={title ?? t('Import error')} level={error.level}>
      <Message text={error.message} />
      {files.length > 0 && (
        <ul className="bi-error-panel__files">
          {files.map(([path, value]) => (
            <li key={path}>
              <code>{path}</code>: {text(value)}
            </li>
          ))}
        </ul>
      )}
      {needsDriver && <p className="bi-error-panel__hint">{t('The database driver may not be installed on the server: ask an administrator to add it.')}</p>}
      <IssueCodes codes={error.extra?.issue_codes} />
    </ErrorFrame>
  );
}

/** Security access errors, with the 'Request Access' link when the host can route one. */
export function AccessErrorMessage({ error, title, requestAccessHref }: ErrorMessageProps) {
  const { t } = useTranslation();
  const href = requestAccessHref ?? (typeof error.extra?.link === 'string' ? error.extra.link : null);
  return (
    <ErrorFrame title={title ?? t('Access denied')} level={error.level}>
      <Message text={error.message} />
      {error.detail && <p className="bi-error-panel__detail">{error.detail}</p>}
      <IssueCodes codes={error.extra?.issue_codes} />
      {href && <a href={href}>{t('Request Access')}</a>}
    </ErrorFrame>
  );
}

/** Anything else: title 'Unexpected error' by default, the message and type, and a collapsible stack. */
export function UnexpectedErrorMessage({ error, title, requestAccessHref }: ErrorMessageProps) {
  const { t } = useTranslation();
  const [showStack, setShowStack] = useState(false);
  const link = typeof error.extra?.link === 'string' ? error.extra.link : null;
  return (
    <ErrorFrame title={title ?? t('Unexpected error')} level={error.level}>
      <Message text={error.message} />
      {error.error_type && <p className="bi-error-panel__type">{error.error_type}</p>}
      <IssueCodes codes={error.extra?.issue_codes} />
      {link && (
        <a href={link} target="_blank" rel="noreferrer">
          {t('See more')}
        </a>
      )}
      {requestAccessHref && <a href={requestAccessHref}>{t('Request Access')}</a>}
      {error.stack && (
        <>
          <button type="button" className="bi-link-button" onClick={() => setShowStack((s) => !s)}>
            {showStack ? t('Hide stack trace') : t('Show stack trace')}
          </button>
          {showStack && <pre className="bi-error-panel__stack">{error.stack}</pre>}
        </>
      )}
    </ErrorFrame>
  );
}

const E = ErrorTypeEnum;
const GROUPS: [ErrorMessageComponent, string[]][] = [
  [
    DatabaseErrorMessage,
    [
      E.GENERIC_DB_ENGINE_ERROR, E.COLUMN_DOES_NOT_EXIST_ERROR, E.TABLE_DOES_NOT_EXIST_ERROR, E.SCHEMA_DOES_NOT_EXIST_ERROR,
      E.CONNECTION_INVALID_USERNAME_ERROR, E.CONNECTION_INVALID_PASSWORD_ERROR, E.CONNECTION_INVALID_HOSTNAME_ERROR, E.CONNECTION_PORT_CLOSED_ERROR,
      E.CONNECTION_INVALID_PORT_ERROR, E.CONNECTION_HOST_DOWN_ERROR, E.CONNECTION_ACCESS_DENIED_ERROR, E.CONNECTION_UNKNOWN_DATABASE_ERROR,
      E.CONNECTION_DATABASE_PERMISSIONS_ERROR, E.CONNECTION_MISSING_PARAMETERS_ERROR, E.OBJECT_DOES_NOT_EXIST_ERROR, E.SYNTAX_ERROR,
      E.CONNECTION_DATABASE_TIMEOUT, E.DML_NOT_ALLOWED_ERROR,
    ],
  ],
  [DatasetNotFoundErrorMessage, [E.FAILED_FETCHING_DATASOURCE_INFO_ERROR]],
  [NetworkErrorMessage, [E.FRONTEND_NETWORK_ERROR]],
  [InvalidSqlErrorMessage, [E.INVALID_SQL_ERROR]],
  [ParameterErrorMessage, [E.MISSING_TEMPLATE_PARAMS_ERROR, E.INVALID_TEMPLATE_PARAMS_ERROR]],
  [TimeoutErrorMessage, [E.FRONTEND_TIMEOUT_ERROR, E.BACKEND_TIMEOUT_ERROR, E.SQLLAB_TIMEOUT_ERROR]],
  [OAuth2RedirectMessage, [E.OAUTH2_REDIRECT]],
  [ImportErrorMessage, [E.GENERIC_COMMAND_ERROR, E.MARSHMALLOW_ERROR]],
  [
    AccessErrorMessage,
    [
      E.TABLE_SECURITY_ACCESS_ERROR, E.DATASOURCE_SECURITY_ACCESS_ERROR, E.DATABASE_SECURITY_ACCESS_ERROR, E.QUERY_SECURITY_ACCESS_ERROR,
      E.MISSING_OWNERSHIP_ERROR, E.USER_ACTIVITY_SECURITY_ACCESS_ERROR, E.DASHBOARD_SECURITY_ACCESS_ERROR, E.CHART_SECURITY_ACCESS_ERROR,
    ],
  ],
];

/**
 * A registry with a panel for every error type of spec 2 §8; types not in it use UnexpectedErrorMessage.
 *
 * @example
 * <ErrorPanel error={error} registry={createDefaultErrorMessageRegistry().register('MY_TYPE', MyPanel)} />
 */
export function createDefaultErrorMessageRegistry(): ErrorMessageRegistry {
  return createErrorMessageRegistry(GROUPS.flatMap(([component, types]) => types.map((type): [string, ErrorMessageComponent] => [type, component])));
}
