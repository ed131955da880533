import { ClientError, createNetworkError, createTimeoutError, type StructuredError } from '@lumen-bi/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocaleProvider } from '../i18n/locale-provider';
import { ErrorBoundary } from './error-boundary';
import { createErrorMessageRegistry } from './error-message-registry';
import { createDefaultErrorMessageRegistry, parameterSuggestions } from './error-messages';
import { ErrorPanel } from './error-panel';

afterEach(cleanup);

const structured = (error_type: string, message: string, extra: StructuredError['extra'] = {}): StructuredError => ({ error_type, level: 'error', message, extra });
const heading = () => screen.getByRole('heading').textContent;
const panel = () => screen.getByRole('alert').textContent ?? '';

describe('error panels by error_type (spec 2 §8)', () => {
  it('database engine error: engine title, message and the issue codes that may have triggered it', () => {
    render(
      <ErrorPanel
        error={structured('TABLE_DOES_NOT_EXIST_ERROR', 'relation "sales" does not exist', {
          engine_name: 'PostgreSQL',
          issue_codes: [{ code: 1003, message: 'There is a syntax error in the SQL query. Perhaps there was a misspelling or a typo.' }, { code: 1005, message: 'The table was deleted or renamed in the database.' }],
        })}
      />,
    );
    expect(heading()).toBe('PostgreSQL Error');
    expect(screen.getByText('This may be triggered by:')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Issue 1003 - There is a syntax error in the SQL query. Perhaps there was a misspelling or a typo.',
      'Issue 1005 - The table was deleted or renamed in the database.',
    ]);
  });

  it('names each issue code once with the server’s own wording ("Issue 1003 - …"), even when listed twice', () => {
    const syntax = { code: 1003, message: 'Issue 1003 - There is a syntax error in the SQL query. Perhaps there was a misspelling or a typo.' };
    render(<ErrorPanel error={structured('TABLE_DOES_NOT_EXIST_ERROR', 'Table nope does not exist', { engine_name: 'DuckDB', issue_codes: [syntax, syntax] })} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([syntax.message]);
  });

  it('missing dataset and network errors', () => {
    render(<ErrorPanel error={structured('FAILED_FETCHING_DATASOURCE_INFO_ERROR', '')} />);
    expect(heading()).toBe('Missing dataset');
    expect(panel()).toContain('The dataset associated with this chart no longer exists');
    cleanup();
    render(<ErrorPanel error={structured('FRONTEND_NETWORK_ERROR', 'Network error')} />);
    expect(heading()).toBe('Network error');
    expect(panel()).toContain('Check your network connection');
  });

  it('SQL parse error: the offending line with a caret under the column', () => {
    render(<ErrorPanel error={structured('INVALID_SQL_ERROR', 'Unable to parse SQL', { sql: 'SELECT a,\n  b FORM t\nLIMIT 1', line: 2, column: 5 })} />);
    expect(heading()).toBe('Unable to parse SQL');
    expect(screen.getByTestId('sql-caret').textContent).toBe('  b FORM t\n    ^');
  });

  it("parameter error: 'Did you mean' for names at most 2 edits away", () => {
    render(
      <ErrorPanel
        error={structured('MISSING_TEMPLATE_PARAMS_ERROR', 'The following parameters in your query are undefined: "stat", "zzz".', {
          undefined_parameters: ['stat', 'zzz'],
          template_parameters: { state: 'CA', city: 'LA' },
        })}
      />,
    );
    expect(heading()).toBe('Parameter error');
    expect(screen.getByText('Did you mean:')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['"state" instead of "stat"?']);
    expect(parameterSuggestions(['ab'], ['abcd', 'abc', 'xyz'])).toEqual([{ undefined: 'ab', suggestions: ['abcd', 'abc'] }]);
    expect(parameterSuggestions(['a'], ['abcd'])).toEqual([]);
  });

  it('timeout: the limit in seconds (the client converts from ms) with issue codes 1000 and 1001', () => {
    render(<ErrorPanel error={createTimeoutError(45_000)} />);
    expect(heading()).toBe('Timeout error');
    expect(panel()).toContain('Queries are set to timeout after 45 seconds.');
    expect(panel()).toContain('Issue 1000');
    expect(panel()).toContain('Issue 1001');
  });

  it('OAuth2: a link to authorise', () => {
    render(<ErrorPanel error={structured('OAUTH2_REDIRECT', "You don't have permission to access the data.", { url: 'https://auth.example/consent?x=1' })} />);
    expect(heading()).toBe('Authorization needed');
    expect(screen.getByRole('link', { name: 'Provide authorization' }).getAttribute('href')).toBe('https://auth.example/consent?x=1');
  });

  it('import error: each file with its problem and a driver hint; other command errors stay generic', () => {
    render(
      <ErrorPanel
        error={structured('GENERIC_COMMAND_ERROR', 'Error importing database', {
          'databases/warehouse.yaml': { _schema: ['Could not load database driver: snowflake'] },
        })}
      />,
    );
    expect(heading()).toBe('Import error');
    expect(panel()).toContain('databases/warehouse.yaml: {"_schema":["Could not load database driver: snowflake"]}');
    expect(panel()).toContain('The database driver may not be installed on the server');
    cleanup();
    render(<ErrorPanel error={structured('GENERIC_COMMAND_ERROR', 'Table already exists.')} />);
    expect(heading()).toBe('Unexpected error');
  });

  it("security access errors: 'Request Access' link", () => {
    render(<ErrorPanel error={structured('DATASOURCE_SECURITY_ACCESS_ERROR', 'This endpoint requires the datasource sales.')} requestAccessHref="/request_access/?datasource_id=3" />);
    expect(heading()).toBe('Access denied');
    expect(screen.getByRole('link', { name: 'Request Access' }).getAttribute('href')).toBe('/request_access/?datasource_id=3');
  });

  it('an access error from the server keeps the standard message and adds the server’s words naming the grant', () => {
    const message = 'You need access to the dataset sales: one of datasource_access on [examples].[sales](id:3), all_datasource_access';
    const error = new ClientError({
      kind: 'http',
      status: 403,
      message,
      errors: [{ message, error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR', level: 'error', extra: { link: '/request_access/?datasource_id=3' } }],
    });
    render(<ErrorPanel error={error} />);
    expect(panel()).toContain('You do not have access to this datasource.');
    expect(panel()).toContain('datasource_access on [examples].[sales](id:3)');
    expect(screen.getByRole('link', { name: 'Request Access' }).getAttribute('href')).toBe('/request_access/?datasource_id=3');
  });

  it('unknown types fall back to the unexpected-error panel; hosts may register their own panels', () => {
    render(<ErrorPanel error={structured('SOMETHING_NEW', 'Odd')} />);
    expect(heading()).toBe('Unexpected error');
    expect(panel()).toContain('SOMETHING_NEW');
    cleanup();
    const registry = createDefaultErrorMessageRegistry().register('SOMETHING_NEW', ({ error }) => <p role="alert">custom: {error.message}</p>);
    render(<ErrorPanel error={structured('SOMETHING_NEW', 'Odd')} registry={registry} />);
    expect(panel()).toBe('custom: Odd');
    expect(createErrorMessageRegistry().get('SOMETHING_NEW')).toBeUndefined();
  });
});

describe('<ErrorBoundary>', () => {
  it('shows a render error as an unexpected error with the component stack', () => {
    const Broken = (): never => {
      throw new Error('cannot read property x');
    };
    const onError = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary onError={onError}>
        <section>
          <Broken />
        </section>
      </ErrorBoundary>,
    );
    expect(heading()).toBe('Unexpected error');
    expect(panel()).toContain('cannot read property x');
    fireEvent.click(screen.getByRole('button', { name: 'Show stack trace' }));
    expect(document.querySelector('.bi-error-panel__stack')?.textContent).toMatch(/at Broken/);
    expect(onError).toHaveBeenCalledWith(expect.any(Error), expect.stringContaining('Broken'));
    vi.restoreAllMocks();
  });
});

describe('error panels in the viewer’s locale (issue 21)', () => {
  it('translates titles, hints and catalogue messages, with plurals, and leaves a server’s own text as it came', async () => {
    render(
      <LocaleProvider locale="ru">
        <ErrorPanel error={structured('BACKEND_TIMEOUT_ERROR', 'ignored', { timeout: 21, issue_codes: [{ code: 1001, message: 'Issue 1001 - The database is under an unusual load.' }] })} />
      </LocaleProvider>,
    );
    await waitFor(() => expect(heading()).toBe('Ошибка тайм-аута'));
    expect(panel()).toContain('Время ожидания запросов — 21 секунда.');
    expect(panel()).toContain('Возможные причины:');
    cleanup();

    render(
      <LocaleProvider locale="de">
        <ErrorPanel error={structured('TABLE_DOES_NOT_EXIST_ERROR', 'relation "sales" does not exist', { engine_name: 'PostgreSQL' })} />
      </LocaleProvider>,
    );
    await waitFor(() => expect(heading()).toBe('PostgreSQL-Fehler'));
    expect(panel()).toContain('relation "sales" does not exist');
  });

  it('shows the catalogue message of a client error in the locale (Network error)', async () => {
    render(
      <LocaleProvider locale="ja">
        <ErrorPanel error={createNetworkError()} />
      </LocaleProvider>,
    );
    await waitFor(() => expect(heading()).toBe('ネットワークエラー'));
    expect(panel()).toContain('ネットワーク接続を確認して、もう一度お試しください。');
  });
});
