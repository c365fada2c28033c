import { describe, expect, it } from 'vitest';
import { sourceTreeOf } from '../source-tree';
import { checkCitusStatements } from './citus-statements';

const found = (files: Record<string, string>) => checkCitusStatements(sourceTreeOf('apps/api/src', files)).map((violation) => `${violation.file} ${violation.message.split(':')[0]}`);

describe('citus-statements', () => {
  it("reports now() in an upsert's DO UPDATE SET, in Drizzle's set and in RETURNING", () => {
    expect(
      found({
        'apps/api/src/modules/a/a.service.ts': [
          'await db.execute(sql`insert into t (k) values (1)',
          '  on conflict (academy_id, k) do update set updated_at = now()`);',
          'await db.insert(t).values(v).onConflictDoUpdate({ target: [t.academyId, t.k], set: { at: sql`now()` } });',
          'await db.execute(sql`update t set n = n + 1 returning n, clock_timestamp() as at`);',
        ].join('\n'),
      }),
    ).toEqual([
      "apps/api/src/modules/a/a.service.ts:2 now() or another function that is not IMMUTABLE in an upsert's DO UPDATE SET",
      "apps/api/src/modules/a/a.service.ts:3 now() or another function that is not IMMUTABLE in an upsert's set",
      'apps/api/src/modules/a/a.service.ts:4 now() or another function that is not IMMUTABLE in RETURNING',
    ]);
  });

  it("leaves now() in VALUES, in a WHERE after the SET, and a parameter (this server's Date.now()) in the SET alone", () => {
    expect(
      found({
        'apps/api/src/modules/b/b.service.ts': [
          'await db.execute(sql`insert into t (k, at) values (1, now())',
          '  on conflict (academy_id, k) do update set at = ${appNowSql()} where t.at < now() returning k`);',
          'await db.execute(sql`insert into j (k) values (1) on conflict (academy_id, k) do update set at = to_timestamp(${Date.now()}::float8 / 1000)`);',
        ].join('\n'),
      }),
    ).toEqual([]);
  });

  it('reports a row lock in a statement that does not name the academy as a parameter, Drizzle or hand-written', () => {
    expect(
      found({
        'apps/api/src/modules/c/c.service.ts': [
          'await tx.select({ id: t.id }).from(t).where(eq(t.id, id)).for(\'update\');',
          'await tx.select({ id: t.id }).from(t).where(and(eq(t.id, id), thisAcademy(t))).for(\'no key update\');',
          'await tx.execute(sql`select id from t where id = ${id} for update`);',
          'await tx.execute(sql`select id from t where academy_id = ${academySql()} and id = ${id} ${lock ? sql`for update` : sql``}`);',
          'await tx.execute(sql`select key from jobs where academy_id = ${academyId}::uuid for update skip locked`);',
          'await tx.select().from(codes).where(unusedCodes(codes, email)) // citus: a reference table',
          '  .for(\'update\');',
        ].join('\n'),
      }),
    ).toEqual(['apps/api/src/modules/c/c.service.ts:1 a row lock in a statement that does not name the academy as a parameter', 'apps/api/src/modules/c/c.service.ts:3 a row lock in a statement that does not name the academy as a parameter']);
  });
});
