import type { AppContext } from '../context';
import type { ExecuteOutcome } from './execute';
import type { LeaderLock } from './leader-lock';
import { ReportState } from './report-model';
import { dueSlot } from './schedule';

/**
 * The report scheduler: every tick the leader (see leader-lock.ts) finds active reports due by their
 * crontab in their timezone since their last evaluated slot, claims each slot with a conditional UPDATE
 * of last_eval_dttm (so a slot runs at most once even if two processes ever believed they led) and runs
 * the report. Executions run in the background; a tick never waits for a slow render.
 */
export interface SchedulerOptions {
  ctx: Pick<AppContext, 'store' | 'logger'>;
  lock: LeaderLock;
  /** Runs one report for one slot. */
  execute: (reportId: number, slot: Date) => Promise<ExecuteOutcome | void>;
  tickMs: number;
  now?: () => Date;
}

export class ReportScheduler {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;
  /** Whether this process led at its last tick. */
  leader = false;

  constructor(private readonly options: SchedulerOptions) {}

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.tick(), this.options.tickMs);
    this.timer.unref();
  }

  /** One evaluation; returns the ids of the reports started. Overlapping ticks are skipped. */
  async tick(): Promise<number[]> {
    if (this.ticking || this.stopped) return [];
    let started: number[] = [];
    this.ticking = (async () => {
      try {
        this.leader = await this.options.lock.acquireOrRenew();
        if (!this.leader) return;
        started = await this.runDue();
      } catch (error) {
        this.options.ctx.logger.error({ err: error }, 'report scheduler tick failed');
      }
    })();
    await this.ticking;
    this.ticking = null;
    return started;
  }

  private async runDue(): Promise<number[]> {
    const { db } = this.options.ctx.store;
    const now = (this.options.now ?? (() => new Date()))();
    const reports = await db
      .selectFrom('report_schedule')
      .select(['id', 'crontab', 'timezone', 'last_eval_dttm', 'created_on'])
      .where('active', '=', 1)
      .where('type', '=', 'Report')
      .execute();
    const started: number[] = [];
    for (const report of reports) {
      let slot: Date | null;
      try {
        slot = dueSlot({ crontab: report.crontab, timezone: report.timezone, since: new Date(report.last_eval_dttm ?? report.created_on), now });
      } catch (error) {
        this.options.ctx.logger.warn({ err: error, reportId: report.id }, 'report has an invalid schedule');
        continue;
      }
      if (!slot) continue;
      const iso = slot.toISOString();
      const claimed = await db
        .updateTable('report_schedule')
        .set({ last_eval_dttm: iso })
        .where('id', '=', report.id)
        .where((eb) => eb.or([eb('last_eval_dttm', 'is', null), eb('last_eval_dttm', '<', iso)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      started.push(report.id);
      const run = this.options
        .execute(report.id, slot)
        .catch((error: unknown) => this.options.ctx.logger.error({ err: error, reportId: report.id }, 'report execution crashed'))
        .finally(() => this.running.delete(run));
      this.running.add(run);
    }
    return started;
  }

  /** Resolves when the executions started so far have finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    await this.idle();
    await this.options.lock.close();
  }
}

