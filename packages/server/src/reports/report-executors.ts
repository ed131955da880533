/**
 * Who a scheduled report runs as: its queries and screenshots get that user's permissions and row-level
 * security. Configured as an ordered list (the incumbent's ALERT_REPORTS_EXECUTORS); the first entry that
 * names an existing, active user wins:
 *
 * - `creator`         the user who created the report
 * - `creator_owner`   the creator, only while they are still among the report's owners
 * - `modifier`        the user who last changed the report
 * - `modifier_owner`  the last modifier, only while they are among the report's owners
 * - `user:<username>` a fixed account (e.g. a read-only service user for all reports)
 *
 * There is deliberately no plain `owner`: the creator chooses the owners, so running as "an owner" would let
 * a Gamma user add an Admin as owner and receive the Admin's view of the data.
 */
export type ReportExecutor =
  | { kind: 'creator' }
  | { kind: 'creator_owner' }
  | { kind: 'modifier' }
  | { kind: 'modifier_owner' }
  | { kind: 'user'; username: string };

export const DEFAULT_REPORT_EXECUTORS: ReportExecutor[] = [{ kind: 'creator' }];

const SIMPLE = ['creator', 'creator_owner', 'modifier', 'modifier_owner'] as const;

function parseOne(text: string): ReportExecutor {
  const entry = text.trim();
  const lower = entry.toLowerCase();
  if ((SIMPLE as readonly string[]).includes(lower)) return { kind: lower as (typeof SIMPLE)[number] };
  const fixed = /^user:(.+)$/i.exec(entry);
  if (fixed && fixed[1]!.trim()) return { kind: 'user', username: fixed[1]!.trim() };
  if (lower === 'owner') {
    throw new Error("'owner' is not allowed: a report's creator picks its owners, so a report would run with the rights of any user the creator adds; use creator_owner or modifier_owner");
  }
  throw new Error(`unknown report executor ${JSON.stringify(entry)}; expected creator, creator_owner, modifier, modifier_owner or user:<username>`);
}

/** Parses a comma-separated string or a list; empty means the default (the creator). Throws naming the bad entry. */
export function parseReportExecutors(raw: unknown): ReportExecutor[] {
  if (raw === undefined || raw === null || raw === '') return DEFAULT_REPORT_EXECUTORS;
  const entries = Array.isArray(raw) ? raw.map(String) : String(raw).split(',');
  const list = entries.filter((e) => e.trim() !== '').map(parseOne);
  return list.length ? list : DEFAULT_REPORT_EXECUTORS;
}

/** What the resolution needs to know about one report. */
export interface ExecutorFacts {
  creatorId: number | null;
  modifierId: number | null;
  ownerIds: number[];
  /** Resolves a `user:<username>` entry to a user id (null when no such user). */
  userIdOf(username: string): Promise<number | null>;
}

/** The candidate user ids in configured order (an entry that does not apply yields nothing). */
export async function executorCandidates(executors: ReportExecutor[], facts: ExecutorFacts): Promise<number[]> {
  const ids: number[] = [];
  for (const executor of executors) {
    const id = await candidateOf(executor, facts);
    if (id !== null && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

async function candidateOf(executor: ReportExecutor, facts: ExecutorFacts): Promise<number | null> {
  const owner = (id: number | null) => (id !== null && facts.ownerIds.includes(id) ? id : null);
  switch (executor.kind) {
    case 'creator':
      return facts.creatorId;
    case 'creator_owner':
      return owner(facts.creatorId);
    case 'modifier':
      return facts.modifierId;
    case 'modifier_owner':
      return owner(facts.modifierId);
    case 'user':
      return facts.userIdOf(executor.username);
  }
}

/** The configured list as text, for error messages. */
export function describeExecutors(executors: ReportExecutor[]): string {
  return executors.map((e) => (e.kind === 'user' ? `user:${e.username}` : e.kind)).join(', ');
}
