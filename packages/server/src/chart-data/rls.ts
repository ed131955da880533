import type { AppContext } from '../context';
import type { CurrentUser } from '../security/current-user';

/**
 * Row-level security clauses for one dataset and user, ANDed into every query on it:
 * - Regular rules apply to members of the rule's roles; Base rules apply to everyone except those roles.
 * - Rules sharing a group_key are ORed together (one group = alternatives), groups are ANDed.
 * - Guest tokens carry their own rules; a rule without `dataset` applies to every dataset.
 * Admins are subject to Regular rules for their roles like anyone else.
 */
export async function rlsClausesFor(ctx: Pick<AppContext, 'store'>, user: CurrentUser, datasetId: number): Promise<string[]> {
  const clauses: string[] = [];
  if (user.guest) {
    for (const rule of user.guest.rls) if (rule.dataset === undefined || rule.dataset === null || Number(rule.dataset) === datasetId) clauses.push(rule.clause);
    return clauses;
  }
  const { db } = ctx.store;
  const rules = await db
    .selectFrom('row_level_security_filters as f')
    .innerJoin('rls_filter_tables as ft', 'ft.rls_filter_id', 'f.id')
    .select(['f.id', 'f.filter_type', 'f.group_key', 'f.clause'])
    .where('ft.table_id', '=', datasetId)
    .execute();
  if (!rules.length) return clauses;
  const roleRows = await db
    .selectFrom('rls_filter_roles as fr')
    .innerJoin('ab_role as r', 'r.id', 'fr.role_id')
    .select(['fr.rls_filter_id', 'r.name'])
    .where('fr.rls_filter_id', 'in', rules.map((r) => r.id))
    .execute();
  const userRoles = new Set(user.roles);
  const groups = new Map<string, string[]>();
  for (const rule of rules) {
    const ruleRoles = roleRows.filter((r) => r.rls_filter_id === rule.id).map((r) => r.name);
    const member = ruleRoles.some((name) => userRoles.has(name));
    const applies = rule.filter_type === 'Base' ? !member : member;
    if (!applies) continue;
    const key = rule.group_key ?? `__rule_${rule.id}`;
    groups.set(key, [...(groups.get(key) ?? []), rule.clause]);
  }
  for (const group of groups.values()) clauses.push(group.length === 1 ? group[0] : group.map((c) => `(${c})`).join(' OR '));
  return clauses;
}
