import type { IssueCode } from '@lumen-bi/core';

interface WithIssueCodes {
  extra?: Record<string, unknown> | null;
}

const codesOf = (error: WithIssueCodes): IssueCode[] => {
  const codes = error.extra?.issue_codes;
  return Array.isArray(codes) ? (codes as IssueCode[]) : [];
};

/**
 * The issue codes of one error, each code once (engines can match the same issue twice in one message).
 *
 * @example
 * uniqueIssueCodes([{ code: 1003, message: 'a' }, { code: 1003, message: 'a' }]); // [{ code: 1003, … }]
 */
export function uniqueIssueCodes(codes: readonly IssueCode[] | undefined): IssueCode[] {
  const byCode = new Map<number, IssueCode>();
  for (const issue of codes ?? []) if (!byCode.has(issue.code)) byCode.set(issue.code, issue);
  return [...byCode.values()];
}

/**
 * Errors shown one under another (a failed query's errors) with each issue code listed once: under the
 * first error that names it, dropped from the later ones, so the panel does not repeat "Issue 1002 …".
 */
export function withIssueCodesOnce<T extends WithIssueCodes>(errors: readonly T[]): T[] {
  const shown = new Set<number>();
  return errors.map((error) => {
    const codes = codesOf(error);
    if (!codes.length) return error;
    const fresh = uniqueIssueCodes(codes).filter((issue) => !shown.has(issue.code));
    for (const issue of fresh) shown.add(issue.code);
    return { ...error, extra: { ...error.extra, issue_codes: fresh } };
  });
}

/**
 * The line a panel shows for an issue: the server's message, which as the incumbent's already reads
 * "Issue 1003 - There is a syntax error…", or "Issue {code} - {message}" for a bare message.
 *
 * @example
 * issueCodeText({ code: 1003, message: 'Issue 1003 - There is a syntax error.' }); // no second "Issue 1003"
 */
export function issueCodeText(issue: IssueCode): string {
  return /^Issue \d+\b/.test(issue.message) ? issue.message : `Issue ${issue.code} - ${issue.message}`;
}
