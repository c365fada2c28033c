import { sql, type SQL } from 'drizzle-orm';
import { MESSAGE_STATUSES, type MessageItem, type MessageList, type messageListQuerySchema, type MessageStatus } from '@academy/shared/schemas/messaging';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import { academyDayStartSql } from '../../db/academy-today';

type MessageRow = MessageItem & { total: number };

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * GET /api/admin/messages (issue 37): every message to a family made during a day where the academy is
 * (or, for one parent, all of theirs), newest first, filtered by kind, channel and status, paged; with
 * the day's counts by status and the month's messages and SMS parts per channel (what the office pays).
 */
export async function listMessages(db: DbExecutor, query: z.output<typeof messageListQuerySchema>, today: string, timeZone: string): Promise<MessageList> {
  const date = query.date ?? today;
  const dayStart = academyDayStartSql(date, timeZone);
  const dayEnd = academyDayStartSql(sql`${date}::date + 1`, timeZone);
  const conditions: SQL[] = [query.parentId ? sql`m.parent_id = ${query.parentId}` : sql`m.created_at >= ${dayStart} and m.created_at < ${dayEnd}`];
  if (query.kind) conditions.push(sql`m.kind = ${query.kind}`);
  if (query.channel) conditions.push(sql`m.channel = ${query.channel}`);
  if (query.status) conditions.push(sql`m.status = ${query.status}`);
  const offset = (query.page - 1) * query.limit;
  const monthStart = academyDayStartSql(sql`date_trunc('month', ${date}::date)`, timeZone);
  const monthEnd = academyDayStartSql(sql`date_trunc('month', ${date}::date) + interval '1 month'`, timeZone);
  const [items, day, month] = await Promise.all([
    db.execute<MessageRow>(sql`
      select m.id as "_id", m.kind,
        case when s.id is null then null else json_build_object('_id', s.id, 'name', su.name) end as child,
        json_build_object('_id', p.id, 'name', pu.name, 'phone', p.phone) as parent,
        m.channel, m.to_address as "to", m.status, m.provider_id as "providerId", m.error, m.parts, m.attempts,
        -- Held by the quiet hours: why, and until when (issue 54).
        case when m.status = 'queued' and m.not_before > now() then 'quiet-hours' end as "waitingFor",
        case when m.status = 'queued' and m.not_before > now() then ${iso(sql`m.not_before`)} end as "waitingUntil",
        ${iso(sql`m.created_at`)} as "createdAt", ${iso(sql`m.sent_at`)} as "sentAt",
        ${iso(sql`m.delivered_at`)} as "deliveredAt", ${iso(sql`m.read_at`)} as "readAt",
        count(*) over ()::int as total
      from parent_messages m
      left join students s on s.id = m.student_id and s.academy_id = m.academy_id left join users su on su.id = s.user_id and su.academy_id = s.academy_id
      join parents p on p.id = m.parent_id and p.academy_id = m.academy_id join users pu on pu.id = p.user_id and pu.academy_id = p.academy_id
      where ${sql.join(conditions, sql` and `)}
      order by m.created_at desc, m.id
      limit ${query.limit} offset ${offset}`),
    db.execute<{ status: MessageStatus; count: number }>(sql`
      select m.status, count(*)::int as count from parent_messages m
      where m.created_at >= ${dayStart} and m.created_at < ${dayEnd}
      group by m.status`),
    db.execute<{ channel: MessageItem['channel']; messages: number; parts: number }>(sql`
      select m.channel, count(*)::int as messages, coalesce(sum(m.parts), 0)::int as parts from parent_messages m
      where m.created_at >= ${monthStart} and m.created_at < ${monthEnd} and m.status <> 'cancelled'
      group by m.channel order by m.channel`),
  ]);
  let total = items.rows[0]?.total ?? 0;
  if (items.rows.length === 0 && query.page > 1) {
    const { rows } = await db.execute<{ total: number }>(sql`select count(*)::int as total from parent_messages m where ${sql.join(conditions, sql` and `)}`);
    total = rows[0]?.total ?? 0;
  }
  const counts = Object.fromEntries(MESSAGE_STATUSES.map((status) => [status, 0])) as Record<MessageStatus, number>;
  for (const row of day.rows) counts[row.status] = row.count;
  return {
    date,
    items: items.rows.map(({ total: _total, ...item }) => item),
    pagination: { page: query.page, limit: query.limit, total },
    today: counts,
    month: month.rows,
  };
}
