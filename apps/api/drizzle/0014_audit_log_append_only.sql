-- The audit log is append-only (issue 19, decision 018). The app's role owns its tables, so REVOKE
-- cannot bind it; this trigger stops any UPDATE, and any DELETE except the two-year pruning, which
-- marks its own transaction with set_config('academy.audit_prune', 'on', true). It guards against
-- mistakes in the app's code, not against someone holding the database role (who could drop it).
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(current_setting('academy.audit_prune', true), '') = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
