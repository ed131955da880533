import type { CurrentUser } from '../security/current-user';
import { type AdmissionTicket, DatabaseGate } from './database-gate';
import { defaultConcurrencyFor } from './engine-limits';

export interface AdmissionSettings {
  /** Engine queries per database at once; null: the engine's default (engine-limits.ts); 0: no admission control. */
  maxConcurrentQueries: number | null;
  /** Requests per database waiting for a slot before newcomers are refused with 503. */
  queueSize: number;
}

/** The database a query runs on, as the metadata store has it. */
export interface AdmittedDatabase {
  id: number;
  backend: string;
}

/**
 * Admission control for every database of one server process: one DatabaseGate per database id, created
 * on first use. Chart data and SQL Lab run their engine queries through `run`, so they share each
 * database's slots, ordered by priority and taken in turns by user.
 *
 * @example
 * await ctx.admission.run(database, { user: userKeyOf(user), priority: 'sqllab', deadlineAt, signal }, () => client.execute(sql));
 */
export class AdmissionControl {
  private readonly gates = new Map<number, DatabaseGate>();

  constructor(readonly settings: AdmissionSettings) {}

  get enabled(): boolean {
    return this.settings.maxConcurrentQueries !== 0;
  }

  run<T>(database: AdmittedDatabase, ticket: AdmissionTicket, work: () => Promise<T>): Promise<T> {
    const gate = this.gateFor(database);
    return gate ? gate.run(ticket, work) : work();
  }

  /** The database's gate, or null when admission control is off. */
  gateFor(database: AdmittedDatabase): DatabaseGate | null {
    if (!this.enabled) return null;
    const limit = this.settings.maxConcurrentQueries ?? defaultConcurrencyFor(database.backend);
    const existing = this.gates.get(database.id);
    // A database edited to another engine gets that engine's limit once its old gate is idle.
    if (existing && (existing.limit === limit || existing.active > 0 || existing.waiting > 0)) return existing;
    const gate = new DatabaseGate(limit, this.settings.queueSize);
    this.gates.set(database.id, gate);
    return gate;
  }
}

/** Whose turn a request takes: signed-in users by id, guests by their token's user name. */
export function admissionUserOf(user: Pick<CurrentUser, 'id' | 'username'> | null | undefined): string {
  if (!user) return 'anonymous';
  return user.id !== null ? `user:${user.id}` : `guest:${user.username}`;
}
