-- Issue 74 (decision 074): every "academy_only" policy reads the academy once per statement, not once
-- per row. `current_academy_id()` is an inlinable STABLE SQL function, so the planner put its body
-- (`nullif(current_setting('app.academy_id', true), '')::uuid`) into every row's filter: a setting
-- lookup and a text-to-uuid parse for each row a statement looked at (a year of a student's marks, a
-- page of search candidates). As a scalar subquery, `(SELECT current_academy_id())`, it is an InitPlan:
-- evaluated once when the statement starts, its value then compared like a parameter, and still an
-- index condition where an index leads with academy_id. Same rows seen and accepted: the same function
-- of the same setting, read at the statement's start (the setting never changes inside a statement).
-- Every table's policy is rewritten, whatever migration made it; any policy not of the known form
-- stops the migration rather than being changed unseen.
DO $$
DECLARE
  policy record;
  rewritten integer := 0;
  total integer;
BEGIN
  SELECT count(*) INTO total FROM pg_policies WHERE schemaname = 'public' AND policyname = 'academy_only';
  FOR policy IN
    SELECT tablename, cmd, permissive, roles, qual, with_check FROM pg_policies
    WHERE schemaname = 'public' AND policyname = 'academy_only' ORDER BY tablename
  LOOP
    -- Already of the new form (a database restored or copied with its policies, whose name may come schema-qualified): kept.
    IF policy.qual ~ '^\(academy_id = \( SELECT (public\.)?current_academy_id\(\) AS current_academy_id\)\)$'
       AND policy.with_check ~ '^\(academy_id = \( SELECT (public\.)?current_academy_id\(\) AS current_academy_id\)\)$' THEN
      rewritten := rewritten + 1;
      CONTINUE;
    END IF;
    IF policy.cmd <> 'ALL' OR policy.permissive <> 'PERMISSIVE' OR policy.roles <> '{public}'::name[]
       OR policy.qual <> '(academy_id = current_academy_id())' OR policy.with_check <> '(academy_id = current_academy_id())' THEN
      RAISE EXCEPTION 'academy_only on % is not of the known form: % / %', policy.tablename, policy.qual, policy.with_check;
    END IF;
    EXECUTE format(
      'ALTER POLICY "academy_only" ON public.%I USING ("academy_id" = (SELECT current_academy_id())) WITH CHECK ("academy_id" = (SELECT current_academy_id()))',
      policy.tablename);
    rewritten := rewritten + 1;
  END LOOP;
  IF rewritten <> total OR total < 80 THEN
    RAISE EXCEPTION 'rewrote % of % academy_only policies', rewritten, total;
  END IF;
  RAISE NOTICE 'academy_only: % policies now read the academy once per statement', rewritten;
END
$$;
