ALTER TABLE "progress" ADD COLUMN "revision" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Every statement that changes what a user's habits answer is derived from moves that user's
-- revision, in the same transaction (docs/performance.md, "Derived answers"). Statement-level
-- triggers with transition tables: an import of 150,000 completions bumps once per statement.
CREATE FUNCTION hq_bump_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE progress SET revision = revision + 1
    WHERE user_id IN (SELECT DISTINCT user_id FROM changed_rows);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER hq_completions_revision_insert AFTER INSERT ON hq_completions REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hq_completions_revision_update AFTER UPDATE ON hq_completions REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hq_completions_revision_delete AFTER DELETE ON hq_completions REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hq_habits_revision_insert AFTER INSERT ON hq_habits REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hq_habits_revision_update AFTER UPDATE ON hq_habits REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hq_habits_revision_delete AFTER DELETE ON hq_habits REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hq_categories_revision_insert AFTER INSERT ON hq_categories REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hq_categories_revision_update AFTER UPDATE ON hq_categories REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hq_categories_revision_delete AFTER DELETE ON hq_categories REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hq_skips_revision_insert AFTER INSERT ON hq_skips REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hq_skips_revision_update AFTER UPDATE ON hq_skips REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hq_skips_revision_delete AFTER DELETE ON hq_skips REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hq_pauses_revision_insert AFTER INSERT ON hq_pauses REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hq_pauses_revision_update AFTER UPDATE ON hq_pauses REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hq_pauses_revision_delete AFTER DELETE ON hq_pauses REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hq_vacations_revision_insert AFTER INSERT ON hq_vacations REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hq_vacations_revision_update AFTER UPDATE ON hq_vacations REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER hq_vacations_revision_delete AFTER DELETE ON hq_vacations REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER user_settings_revision_insert AFTER INSERT ON user_settings REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER user_settings_revision_update AFTER UPDATE ON user_settings REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
--> statement-breakpoint
CREATE TRIGGER user_settings_revision_delete AFTER DELETE ON user_settings REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
