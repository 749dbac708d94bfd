-- The completion write (20261124224543_set_state_write_function) as before, but for one read:
-- the month's completions a new completion's goal is judged on are now only those of the
-- completed habit's category (the habits whose category_id is p_category_id, read in the same
-- snapshot as the habits the answer returns, so core's goal rule, which keeps exactly those,
-- sums the same XP). They were every completion of the user's month: with 15 daily habits in
-- several categories, up to 450 rows turned into JSON, sent and parsed on each completion late
-- in a month, for the few the goal counts (docs/performance.md, "Server paths").
CREATE OR REPLACE FUNCTION hq_write_completion(
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
  p_count_cap integer
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
    -- The latest days up to today with a completion, newest first, after the change.
    'days', (
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
    'habits', (
      SELECT coalesce(json_agg(h), '[]'::json) FROM hq_habits h WHERE h.user_id = p_user_id
    ),
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
