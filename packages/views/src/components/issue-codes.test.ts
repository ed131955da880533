import { describe, expect, it } from 'vitest';
import { issueCodeText, uniqueIssueCodes, withIssueCodesOnce } from './issue-codes';

const issue = (code: number) => ({ code, message: `Issue text ${code}` });

describe('issue codes shown once', () => {
  it('keeps each code of one error once, in order', () => {
    expect(uniqueIssueCodes([issue(1002), issue(1003), issue(1002)]).map((i) => i.code)).toEqual([1002, 1003]);
    expect(uniqueIssueCodes(undefined)).toEqual([]);
  });

  it('lists a code under the first error that names it, not again under later ones', () => {
    const errors = [
      { message: 'a', extra: { engine_name: 'DuckDB', issue_codes: [issue(1002), issue(1002)] } },
      { message: 'b', extra: { issue_codes: [issue(1002), issue(1003)] } },
      { message: 'c', extra: null },
    ];
    const shown = withIssueCodesOnce(errors);
    expect(shown.map((e) => (e.extra?.issue_codes as { code: number }[] | undefined)?.map((i) => i.code))).toEqual([[1002], [1003], undefined]);
    expect(shown[0]!.extra).toMatchObject({ engine_name: 'DuckDB' });
    expect(errors[0]!.extra!.issue_codes).toHaveLength(2);
  });
});

describe('issueCodeText', () => {
  it('names the code once whether or not the server message already does', () => {
    expect(issueCodeText({ code: 1003, message: 'Issue 1003 - There is a syntax error in the SQL query.' })).toBe('Issue 1003 - There is a syntax error in the SQL query.');
    expect(issueCodeText({ code: 1005, message: 'The table was deleted or renamed in the database.' })).toBe('Issue 1005 - The table was deleted or renamed in the database.');
  });
});
