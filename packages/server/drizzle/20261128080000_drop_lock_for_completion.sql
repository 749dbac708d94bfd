-- hq_lock_for_completion (20261124222404_set_state_functions) served the four-round-trip
-- set-state path. hq_set_completion (20261127210000_set_state_one_call) took its place: it locks
-- the same way and reads the habit and settings only when its revision check says they moved.
-- Nothing calls the old function any more.
DROP FUNCTION IF EXISTS hq_lock_for_completion(text, uuid);
