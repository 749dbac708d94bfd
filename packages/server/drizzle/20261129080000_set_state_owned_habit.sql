-- hq_set_completion as in 20261128150000, and it writes only for a habit of the user whose lock it
-- holds: a habit id that is not theirs answers like a stale call with no habit, which the server
-- turns into 404 (habits/set-completion.ts). The server already writes only for habits it keeps
-- as the user's; this holds the database to the same rule (docs/security.md, "Every data call").
CREATE OR REPLACE FUNCTION hq_set_completion(
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
  -- The server writes only for a habit it keeps as this user's at this revision; the database
  -- holds it to that too, whatever the caller: another user's habit is not found.
  IF NOT EXISTS (SELECT 1 FROM hq_habits WHERE id = p_habit_id AND user_id = p_user_id) THEN
    RETURN json_build_object(
      'stale', true,
      'revision', v_revision,
      'xp', coalesce(v_xp, 0),
      'points', coalesce(v_points, 0),
      'habit', NULL,
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
