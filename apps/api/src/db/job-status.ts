import { sql } from 'drizzle-orm';
import type { Db } from './client';
import type { JobDefinition, JobStatus } from './job-definition';
import { academySql } from './same-academy';

/** The entered academy's periodic jobs with their last and next run (the admin's Jobs panel). */
export async function readJobStatus(db: Db, periodic: [string, JobDefinition][]): Promise<JobStatus[]> {
  const names = periodic.map(([name]) => name);
  if (names.length === 0) return [];
  const { rows } = await db.execute<{
    name: string;
    every_ms: string | null;
    run_at: Date | null;
    running: boolean;
    last_started_at: Date | null;
    last_finished_at: Date | null;
    last_status: string | null;
    last_error: string | null;
    last_duration_ms: number | null;
    last_attempts: number | null;
  }>(sql`
    select name, every_ms, run_at, coalesce(locked_until > now(), false) as running, last_started_at, last_finished_at,
      last_status, last_error, last_duration_ms, last_attempts
    from jobs where academy_id = ${academySql()} and key in (${sql.join(names.map((name) => sql`${name}`), sql`, `)})`);
  const byName = new Map(rows.map((row) => [row.name, row]));
  const definitions = new Map(periodic);
  return names.map((name) => {
    const row = byName.get(name);
    const definition = definitions.get(name)!;
    const startedAt = row?.last_started_at ? new Date(row.last_started_at) : null;
    return {
      name,
      label: definition.label,
      everyMs: definition.everyMs ?? null,
      nextRunAt: row?.run_at ? new Date(row.run_at) : null,
      running: row?.running ?? false,
      lastRun:
        startedAt && row
          ? {
              startedAt,
              finishedAt: row.last_finished_at ? new Date(row.last_finished_at) : null,
              status: row.last_status ?? 'running',
              error: row.last_error,
              durationMs: row.last_duration_ms,
              attempts: row.last_attempts,
            }
          : null,
    };
  });
}
