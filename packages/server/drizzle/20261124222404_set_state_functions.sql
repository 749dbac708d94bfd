-- The completion set-state path (habits/set-completion.ts, docs/performance.md "Server paths"):
-- takes the user's lock as lockUser does (creating the progress row of an account whose
-- provisioning was cut short), then reads the habit and the settings, in one round trip. In READ
-- COMMITTED each statement of a plpgsql function takes a fresh snapshot, so the two reads after
-- the lock see everything committed before it was granted: they cannot be stale.
CREATE FUNCTION hq_lock_for_completion(p_user_id text, p_habit_id uuid) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_xp integer;
  v_points integer;
BEGIN
  SELECT xp, points INTO v_xp, v_points FROM progress WHERE user_id = p_user_id FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO progress (user_id) VALUES (p_user_id) ON CONFLICT DO NOTHING;
    SELECT xp, points INTO v_xp, v_points FROM progress WHERE user_id = p_user_id FOR UPDATE;
  END IF;
  RETURN json_build_object(
    'xp', coalesce(v_xp, 0),
    'points', coalesce(v_points, 0),
    'habit', (SELECT row_to_json(h) FROM hq_habits h WHERE h.user_id = p_user_id AND h.id = p_habit_id),
    'settings', (SELECT s.settings FROM user_settings s WHERE s.user_id = p_user_id)
  );
END
$$;
