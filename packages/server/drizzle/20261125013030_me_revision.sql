-- The revision (20261124222232_user_revision) now also moves with everything else /api/me
-- answers, so the whole answer can be kept per revision (docs/performance.md, "Derived answers"):
-- the plan (rewards counted, purchases and entitlements making Pro), the account's email and
-- username, and the balances.
CREATE TRIGGER hq_rewards_revision_insert AFTER INSERT ON hq_rewards REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hq_rewards_revision_delete AFTER DELETE ON hq_rewards REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER purchases_revision_insert AFTER INSERT ON purchases REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER purchases_revision_update AFTER UPDATE ON purchases REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER purchases_revision_delete AFTER DELETE ON purchases REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER entitlements_revision_insert AFTER INSERT ON entitlements REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER entitlements_revision_update AFTER UPDATE ON entitlements REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER entitlements_revision_delete AFTER DELETE ON entitlements REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
-- Better Auth updates its user row for other reasons (updated_at, email verification): only a
-- new email or username moves the revision.
CREATE FUNCTION hq_bump_revision_of_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE progress SET revision = revision + 1 WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER auth_users_revision_update AFTER UPDATE ON auth_users FOR EACH ROW
  WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.username IS DISTINCT FROM NEW.username)
  EXECUTE FUNCTION hq_bump_revision_of_account();
--> statement-breakpoint
-- A change of the balances (a completion, an undo, a redeem, an import, a reset) moves the
-- revision in the same row update.
CREATE FUNCTION hq_bump_revision_on_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := NEW.revision + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER progress_balances_revision BEFORE UPDATE ON progress FOR EACH ROW
  WHEN (OLD.xp IS DISTINCT FROM NEW.xp OR OLD.points IS DISTINCT FROM NEW.points)
  EXECUTE FUNCTION hq_bump_revision_on_balances();
