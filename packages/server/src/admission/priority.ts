/**
 * Who goes first when a database is busy: a chart someone is looking at, then a SQL Lab query someone is
 * waiting for, then work nobody watches (reports, cache warm-up, prefetch). Lower rank goes first.
 */
export const PRIORITIES = ['interactive', 'sqllab', 'background'] as const;
export type AdmissionPriority = (typeof PRIORITIES)[number];

export const rankOf = (priority: AdmissionPriority): number => PRIORITIES.indexOf(priority);
