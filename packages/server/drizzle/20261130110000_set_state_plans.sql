-- hq_set_state (20261130100000_set_state_perfect_day) as before, with its three optional checks
-- (the session, the completions count, the "Perfect Day" count) written as an IF on the parameter
-- around an IF on the query. Written as one condition (`p_x IS NOT NULL AND (SELECT count(*)
-- ...)`), each was one query whose plan PL/pgSQL caches, and PostgreSQL's plan cache may compare
-- the plan made for a call's values (which folds to `false` while the parameter is null) with the
-- generic one (which keeps the query), find the former cheaper, and plan the query again on every
-- call: the two counts were planned again on nearly every call in the benchmark
-- (docs/performance.md, "Plans made again on every call"). The parameter's test is now a simple
-- expression PL/pgSQL evaluates itself, and the query runs, and is planned, only when asked for.
CREATE OR REPLACE FUNCTION hq_set_state(
  p_token text,
  p_wall timestamptz,
  p_user_id text,
  p_habit_id uuid,
  p_expected_revision bigint,
  p_expected_xp integer,
  p_expected_points integer,
  p_date date,
  p_period_key text,
  p_completed boolean,
  p_xp integer,
  p_points integer,
  p_completed_at timestamptz,
  p_period_start date,
  p_period_end date,
  p_count_trip integer,
  p_goal_category uuid,
  p_month_first date,
  p_month_last date,
  p_day_habits uuid[],
  p_day_keys text[],
  p_key text,
  p_key_method text,
  p_key_path text,
  p_key_hash text,
  p_progress json
) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_xp integer;
  v_points integer;
  v_revision bigint;
  v_existing hq_completions%ROWTYPE;
  v_row hq_completions%ROWTYPE;
  v_outcome text;
  v_target integer;
  v_answer json;
BEGIN
  -- The session the server did not look up (auth/session-reader.ts): nothing runs unless it is live.
  IF p_token IS NOT NULL THEN
    IF NOT EXISTS (
      SELECT 1 FROM auth_sessions
      WHERE token = p_token AND user_id = p_user_id AND expires_at > p_wall
    ) THEN
      RETURN '{"kind":"unauthenticated"}'::json;
    END IF;
  END IF;
  -- The key is claimed before the lock, as the two-round-trip path claims it: a request with the
  -- same key waits on the key's unique index, and the two never wait on each other the other way.
  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, method, path, request_hash, status, body)
      VALUES (p_user_id, p_key, p_key_method, p_key_path, p_key_hash, 0, NULL)
      ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RETURN '{"kind":"key-taken"}'::json;
    END IF;
  END IF;
  -- Every change of the balances moves the revision too (20261125013030_me_revision); both are
  -- compared, since the answer's progress was computed from the balances.
  SELECT xp, points, revision INTO v_xp, v_points, v_revision
    FROM progress WHERE user_id = p_user_id FOR UPDATE;
  IF NOT FOUND OR v_revision IS DISTINCT FROM p_expected_revision
    OR v_xp IS DISTINCT FROM p_expected_xp OR v_points IS DISTINCT FROM p_expected_points
    OR NOT EXISTS (SELECT 1 FROM hq_habits WHERE id = p_habit_id AND user_id = p_user_id) THEN
    RETURN hq_set_state_slow(p_user_id, p_key);
  END IF;
  SELECT * INTO v_existing FROM hq_completions
    WHERE habit_id = p_habit_id AND period_key = p_period_key;
  IF p_completed THEN
    IF FOUND THEN
      v_outcome := 'existing';
      v_row := v_existing;
    ELSE
      -- A completions achievement still locked: the lowest target is p_count_trip + 1.
      IF p_count_trip IS NOT NULL THEN
        IF (
          SELECT count(*) FROM (
            SELECT 1 FROM hq_completions WHERE user_id = p_user_id LIMIT p_count_trip
          ) AS counted
        ) >= p_count_trip THEN
          RETURN hq_set_state_slow(p_user_id, p_key);
        END IF;
      END IF;
      -- "Perfect Day" still locked: the server sends the day's other habits that must be done
      -- for it, each with its period's key; when every one is done, the server judges the day.
      IF p_day_habits IS NOT NULL THEN
        IF (
          SELECT count(*) FROM hq_completions c
            JOIN unnest(p_day_habits, p_day_keys) AS due(habit_id, period_key)
              ON c.habit_id = due.habit_id AND c.period_key = due.period_key
            WHERE c.user_id = p_user_id
        ) >= cardinality(p_day_habits) THEN
          RETURN hq_set_state_slow(p_user_id, p_key);
        END IF;
      END IF;
      -- "On Target" still locked: a month of the category near its target is judged by the server.
      IF p_goal_category IS NOT NULL THEN
        SELECT monthly_target_xp INTO v_target FROM hq_categories
          WHERE id = p_goal_category AND user_id = p_user_id;
        IF FOUND AND (p_xp + coalesce((
          SELECT sum(c.xp_earned) FROM hq_completions c
          WHERE c.user_id = p_user_id AND c.completion_date BETWEEN p_month_first AND p_month_last
            AND c.habit_id IN (
              SELECT h.id FROM hq_habits h
              WHERE h.user_id = p_user_id AND h.category_id = p_goal_category)
        ), 0)) * 200 >= v_target * 198 THEN
          RETURN hq_set_state_slow(p_user_id, p_key);
        END IF;
      END IF;
      INSERT INTO hq_completions
        (habit_id, user_id, completion_date, period_key, xp_earned, points_earned, completed_at)
        VALUES (p_habit_id, p_user_id, p_date, p_period_key, p_xp, p_points, p_completed_at)
        RETURNING * INTO v_row;
      INSERT INTO ledger (user_id, kind, xp_delta, points_delta, ref_id)
        VALUES (p_user_id, 'earn', p_xp, p_points, v_row.id::text);
      UPDATE progress SET xp = xp + p_xp, points = points + p_points, updated_at = p_wall
        WHERE user_id = p_user_id;
      -- A completed period no longer rests: its skip goes (docs/decisions.md, "Rest"). The
      -- server predicts only for a period without one; this holds the table to the rule anyway.
      DELETE FROM hq_skips
        WHERE habit_id = p_habit_id AND skip_date BETWEEN p_period_start AND p_period_end;
      v_outcome := 'added';
    END IF;
  ELSIF NOT FOUND THEN
    v_outcome := 'none';
  ELSE
    -- The answer was predicted for taking back this habit's award made on this date.
    IF v_existing.completion_date <> p_date OR v_existing.xp_earned <> p_xp
      OR v_existing.points_earned <> p_points THEN
      RETURN hq_set_state_slow(p_user_id, p_key);
    END IF;
    DELETE FROM hq_completions WHERE id = v_existing.id;
    INSERT INTO ledger (user_id, kind, xp_delta, points_delta, ref_id)
      VALUES (p_user_id, 'undo', -v_existing.xp_earned, -v_existing.points_earned,
        v_existing.id::text);
    UPDATE progress
      SET xp = xp - v_existing.xp_earned, points = points - v_existing.points_earned,
        updated_at = p_wall
      WHERE user_id = p_user_id;
    v_outcome := CASE WHEN EXISTS (
      SELECT 1 FROM hq_completions WHERE user_id = p_user_id AND completion_date = p_date
    ) THEN 'removedKept' ELSE 'removed' END;
  END IF;
  v_answer := json_build_object(
    'added', v_outcome = 'added',
    'completion', CASE WHEN v_outcome IN ('added', 'existing') THEN json_build_object(
      'id', v_row.id,
      'habitId', v_row.habit_id,
      'completionDate', v_row.completion_date,
      'periodKey', v_row.period_key,
      'xpEarned', v_row.xp_earned,
      'pointsEarned', v_row.points_earned,
      'completedAt', to_char(v_row.completed_at AT TIME ZONE 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    ) END,
    'progress', p_progress -> v_outcome
  );
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET status = 200, body = v_answer::jsonb
      WHERE user_id = p_user_id AND key = p_key;
  END IF;
  SELECT revision INTO v_revision FROM progress WHERE user_id = p_user_id;
  RETURN json_build_object('kind', 'written', 'outcome', v_outcome, 'revision', v_revision,
    'answer', v_answer);
END
$$;
