-- Removing an unlock moves the user's data revision, as every other change of their data does
-- (20261124222232_user_revision). A set-state keeps which achievements are unlocked with its
-- other inputs, per revision, and skips the reads only a locked achievement needs
-- (docs/performance.md, "Server paths"). A kept set that claimed an achievement the table no
-- longer holds (an import or a reset removed it) would miss its unlock, so a delete must move
-- the revision. An unlock recorded does not need to: a kept set that lacks it only reads more.
CREATE TRIGGER hq_achievements_revision_delete AFTER DELETE ON hq_achievements REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hq_bump_revision();
