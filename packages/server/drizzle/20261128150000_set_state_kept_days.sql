-- The set-state's reads of what the server keeps (habits/set-completion.ts, docs/performance.md,
-- "Server paths"). hq_write_completion and hq_set_completion as before (20261128090000 and
-- 20261127210000), with two reads made optional:
-- - the latest days with a completion (p_recent_days null): the server keeps every day with a
--   completion from some day on (progress/load-progress.ts, CompletionDays) and needs only the
--   day whose completions changed and whether it still has one, now answered ('changedDay',
--   'dayDone');
-- - every habit of the user (p_read_habits false): the server keeps them at the data revision
--   hq_set_completion has just checked under the user's lock, so they are the table's.
DROP FUNCTION hq_set_completion(bigint, text, uuid, date, text, boolean, integer, integer, timestamptz, timestamptz, date, date, date,
  integer, text[], date, date, uuid, integer);
--> statement-breakpoint
DROP FUNCTION hq_write_completion(text, uuid, date, text, boolean, integer, integer, timestamptz, timestamptz, date, date, date,
  integer, text[], date, date, uuid, integer);
--> statement-breakpoint
CREATE FUNCTION hq_write_completion(
  p_user_id text,
  p_habit_id uuid,
  p_date date,
  p_period_key text,
  p_completed boolean,
  p_xp integer,
  p_points integer,
  p_completed_at timestamptz,
  p_updated_at timestamptz,
  p_period_start date,
  p_period_end date,
  p_today date,
  p_recent_days integer,
  p_day_keys text[],
  p_month_first date,
  p_month_last date,
  p_category_id uuid,
  p_count_cap integer,
  p_read_habits boolean
) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_result json;
BEGIN
  WITH existing AS (
    SELECT * FROM hq_completions WHERE habit_id = p_habit_id AND period_key = p_period_key
  ),
  inserted AS (
    INSERT INTO hq_completions
      (habit_id, user_id, completion_date, period_key, xp_earned, points_earned, completed_at)
    SELECT p_habit_id, p_user_id, p_date, p_period_key, p_xp, p_points, p_completed_at
    WHERE p_completed AND NOT EXISTS (SELECT 1 FROM existing)
    ON CONFLICT DO NOTHING
    RETURNING *
  ),
  deleted AS (
    DELETE FROM hq_completions
    WHERE NOT p_completed AND id IN (SELECT id FROM existing)
    RETURNING *
  ),
  entry AS (
    INSERT INTO ledger (user_id, kind, xp_delta, points_delta, ref_id)
    SELECT p_user_id, 'earn', xp_earned, points_earned, id::text FROM inserted
    UNION ALL
    SELECT p_user_id, 'undo', -xp_earned, -points_earned, id::text FROM deleted
    RETURNING xp_delta, points_delta
  ),
  moved AS (
    UPDATE progress
    SET xp = progress.xp + entry.xp_delta, points = progress.points + entry.points_delta,
      updated_at = p_updated_at
    FROM entry
    WHERE progress.user_id = p_user_id
    RETURNING progress.xp, progress.points
  ),
  unskipped AS (
    DELETE FROM hq_skips
    WHERE habit_id = p_habit_id AND skip_date BETWEEN p_period_start AND p_period_end
      AND EXISTS (SELECT 1 FROM inserted)
    RETURNING habit_id, skip_date
  )
  SELECT json_build_object(
    'inserted', (SELECT row_to_json(i) FROM inserted i),
    'existing', (SELECT row_to_json(e) FROM existing e),
    'after', (SELECT row_to_json(m) FROM moved m),
    -- The latest days up to today with a completion, newest first, after the change; not read
    -- when p_recent_days is null (the caller keeps the days and needs only 'dayDone').
    'days', CASE WHEN p_recent_days IS NULL THEN NULL ELSE (
      SELECT coalesce(json_agg(day ORDER BY day DESC), '[]'::json) FROM (
        SELECT day FROM (
          SELECT DISTINCT completion_date AS day FROM hq_completions
          WHERE user_id = p_user_id AND completion_date <= p_today
            AND id NOT IN (SELECT id FROM deleted)
          ORDER BY day DESC LIMIT p_recent_days
        ) AS kept
        UNION
        SELECT completion_date FROM inserted WHERE completion_date <= p_today
        ORDER BY day DESC LIMIT p_recent_days
      ) AS recent
    ) END,
    -- The day whose completions changed, if any: the added one's, or the removed one's (an undo
    -- of a weekly or monthly habit removes its period's completion, made on any day of it), and
    -- whether that day still has a completion of any habit after the change.
    'changedDay', coalesce(
      (SELECT completion_date FROM inserted), (SELECT completion_date FROM deleted)),
    'dayDone', EXISTS (SELECT 1 FROM inserted) OR EXISTS (
      SELECT 1 FROM hq_completions
      WHERE user_id = p_user_id AND completion_date = (SELECT completion_date FROM deleted)
        AND id NOT IN (SELECT id FROM deleted)
    ),
    -- Every skip, pause and vacation, as rest/load-rest.ts reads them, after the change.
    'rest', (
      SELECT coalesce(json_agg(r), '[]'::json) FROM (
        SELECT 's' AS kind, s.habit_id, s.skip_date::text AS starts_on, NULL::text AS ends_on
          FROM hq_skips s
          WHERE s.user_id = p_user_id AND NOT EXISTS (
            SELECT 1 FROM unskipped u WHERE u.habit_id = s.habit_id AND u.skip_date = s.skip_date)
        UNION ALL
        SELECT 'p', p.habit_id, p.starts_on::text, p.ends_on::text
          FROM hq_pauses p WHERE p.user_id = p_user_id
        UNION ALL
        SELECT 'v', NULL, v.starts_on::text, v.ends_on::text
          FROM hq_vacations v WHERE v.user_id = p_user_id
      ) AS r
    ),
    -- Not read when the caller keeps them at the revision this write was checked against.
    'habits', CASE WHEN p_read_habits THEN (
      SELECT coalesce(json_agg(h), '[]'::json) FROM hq_habits h WHERE h.user_id = p_user_id
    ) END,
    -- What a new completion's achievements are judged on (before it: the caller adds it).
    'facts', CASE WHEN EXISTS (SELECT 1 FROM inserted) THEN json_build_object(
      'completions', (
        SELECT count(*) FROM (
          SELECT 1 FROM hq_completions WHERE user_id = p_user_id LIMIT p_count_cap
        ) AS counted
      ),
      'dayCompletions', (
        SELECT coalesce(json_agg(json_build_object('habitId', c.habit_id,
          'completionDate', c.completion_date, 'periodKey', c.period_key,
          'xpEarned', c.xp_earned, 'pointsEarned', c.points_earned)), '[]'::json)
        FROM hq_completions c
        WHERE c.user_id = p_user_id AND c.period_key = ANY (p_day_keys)
      ),
      'category', (
        SELECT json_build_object('id', k.id, 'name', k.name,
          'monthlyTargetXp', k.monthly_target_xp, 'isFallback', k.is_fallback)
        FROM hq_categories k
        WHERE k.user_id = p_user_id AND k.id = p_category_id
      ),
      -- Only the completions of the category's habits: the goal counts no others.
      'monthCompletions', CASE WHEN p_category_id IS NULL THEN '[]'::json ELSE (
        SELECT coalesce(json_agg(json_build_object('habitId', c.habit_id,
          'completionDate', c.completion_date, 'periodKey', c.period_key,
          'xpEarned', c.xp_earned, 'pointsEarned', c.points_earned)), '[]'::json)
        FROM hq_completions c
        WHERE c.user_id = p_user_id AND c.completion_date BETWEEN p_month_first AND p_month_last
          AND c.habit_id IN (
            SELECT h.id FROM hq_habits h WHERE h.user_id = p_user_id AND h.category_id = p_category_id)
      ) END,
      'unlocked', (
        SELECT coalesce(json_agg(a.achievement_id), '[]'::json) FROM hq_achievements a
        WHERE a.user_id = p_user_id
      )
    ) END
  ) INTO v_result;
  RETURN v_result;
END
$$;
--> statement-breakpoint
CREATE FUNCTION hq_set_completion(
  p_expected_revision bigint,
  p_user_id text,
  p_habit_id uuid,
  p_date date,
  p_period_key text,
  p_completed boolean,
  p_xp integer,
  p_points integer,
  p_completed_at timestamptz,
  p_updated_at timestamptz,
  p_period_start date,
  p_period_end date,
  p_today date,
  p_recent_days integer,
  p_day_keys text[],
  p_month_first date,
  p_month_last date,
  p_category_id uuid,
  p_count_cap integer,
  p_read_habits boolean
) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_xp integer;
  v_points integer;
  v_revision bigint;
  v_written json;
BEGIN
  SELECT xp, points, revision INTO v_xp, v_points, v_revision
    FROM progress WHERE user_id = p_user_id FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO progress (user_id) VALUES (p_user_id) ON CONFLICT DO NOTHING;
    SELECT xp, points, revision INTO v_xp, v_points, v_revision
      FROM progress WHERE user_id = p_user_id FOR UPDATE;
  END IF;
  IF p_expected_revision IS NULL OR v_revision IS DISTINCT FROM p_expected_revision THEN
    RETURN json_build_object(
      'stale', true,
      'revision', v_revision,
      'xp', coalesce(v_xp, 0),
      'points', coalesce(v_points, 0),
      'habit', (SELECT row_to_json(h) FROM hq_habits h WHERE h.user_id = p_user_id AND h.id = p_habit_id),
      'settings', (SELECT s.settings FROM user_settings s WHERE s.user_id = p_user_id)
    );
  END IF;
  v_written := hq_write_completion(p_user_id, p_habit_id, p_date, p_period_key, p_completed,
    p_xp, p_points, p_completed_at, p_updated_at, p_period_start, p_period_end, p_today,
    p_recent_days, p_day_keys, p_month_first, p_month_last, p_category_id, p_count_cap,
    p_read_habits);
  SELECT revision INTO v_revision FROM progress WHERE user_id = p_user_id;
  RETURN json_build_object(
    'stale', false,
    'revision', v_revision,
    'xp', coalesce(v_xp, 0),
    'points', coalesce(v_points, 0),
    'written', v_written
  );
END
$$;
