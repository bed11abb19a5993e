-- Who may do what on a server dataset, enforced by the server (TeamRoles runs this as the dataset's owner, idempotent).
-- Roles: <db>_viewer reads; <db>_reviewer also writes reviews, its own verdicts and step edits on the tasks assigned
-- to it; <db>_curator does the rest, but rewrites nobody's verdict and no audit row. The audit trail (task_history) is
-- written by the triggers below, with the login and the server's clock; only the owner may change or delete it.

-- The dataset's owner (who runs this: it made the tables) and the curators' role are written in as names: these checks
-- run for every row a trigger sees, so they look nothing up (and, without settings of their own, are inlined).
DO $names$
BEGIN
  EXECUTE format('CREATE OR REPLACE FUNCTION tw_is_owner() RETURNS boolean LANGUAGE sql STABLE AS %L',
      format('SELECT session_user = %L::name', current_user));
  -- A member whose writes are bounded to the tasks assigned to them: neither the owner nor a curator.
  EXECUTE format('CREATE OR REPLACE FUNCTION tw_restricted() RETURNS boolean LANGUAGE sql STABLE AS %L',
      format('SELECT session_user <> %L::name AND NOT pg_has_role(session_user, %L, ''MEMBER'')', current_user, current_database() || '_curator'));
END
$names$;

-- The server's clock as the workbench writes times (ISO 8601, UTC).
CREATE OR REPLACE FUNCTION tw_now() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
$$;

-- A JSON value as the audit trail shows it: a string's text, null as null, anything else as JSON.
CREATE OR REPLACE FUNCTION tw_text(value jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE jsonb_typeof(value) WHEN 'string' THEN value #>> '{}' WHEN 'null' THEN NULL ELSE value::text END
$$;

-- A review or verdict as the audit trail shows it: its state, and the note after a colon.
CREATE OR REPLACE FUNCTION tw_judgement(state text, note text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT state || CASE WHEN coalesce(btrim(note), '') = '' THEN '' ELSE ': ' || note END
$$;

-- Called by the triggers below, which run as the owner; a member calling it is held by row security like any insert.
CREATE OR REPLACE FUNCTION tw_audit(task bigint, what text, before_text text, after_text text) RETURNS void
LANGUAGE sql SET search_path = pg_catalog, public AS $$
  INSERT INTO task_history (task_id, version, changed_by, changed_at, what, before_text, after_text)
  SELECT task_id, version, session_user, tw_now(), what, before_text, after_text FROM trajectories WHERE seq = task
$$;

-- Every audit row a member writes names who wrote it and when as the server knows them, and the task's version as it
-- stands (the trigger's condition leaves the owner's rows, a copied trail among them, as they are).
CREATE OR REPLACE FUNCTION tw_stamp_history() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
  NEW.changed_by := session_user;
  NEW.changed_at := tw_now();
  NEW.version := coalesce((SELECT version FROM trajectories WHERE task_id = NEW.task_id), NEW.version);
  RETURN NEW;
END $$;

-- A change of a task's record: stamped with who and when; a reviewer changes steps and completion, not what the task is.
CREATE OR REPLACE FUNCTION tw_task_changing() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
BEGIN
  IF NEW.version < OLD.version THEN
    RAISE EXCEPTION 'task % cannot go back to version % from %', OLD.task_id, NEW.version, OLD.version USING ERRCODE = '42501';
  END IF;
  IF tw_restricted() THEN
    IF (NEW.header::jsonb - 'task_completed') IS DISTINCT FROM (OLD.header::jsonb - 'task_completed') THEN
      RAISE EXCEPTION 'a reviewer edits the steps of the tasks assigned to them, not the fields of task %', OLD.task_id
          USING ERRCODE = '42501';
    END IF;
    NEW.version := OLD.version + 1; -- every change of a reviewer's is a new version, in their name
  END IF;
  IF NOT tw_is_owner() AND (NEW.version <> OLD.version OR NEW.updated_by IS DISTINCT FROM OLD.updated_by
      OR NEW.updated_at IS DISTINCT FROM OLD.updated_at) THEN
    NEW.updated_by := session_user;
    NEW.updated_at := tw_now();
  END IF;
  RETURN NEW;
END $$;

-- What changed in a task's record, field by field (scores aside: the scores table keeps when and by which criterion).
CREATE OR REPLACE FUNCTION tw_task_changed() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  field record;
BEGIN
  IF NEW.task_id <> OLD.task_id THEN
    INSERT INTO task_history (task_id, version, changed_by, changed_at, what, before_text, after_text)
    VALUES (OLD.task_id, NEW.version, session_user, tw_now(), 'task id', OLD.task_id, NEW.task_id);
  END IF;
  IF NEW.step_count <> OLD.step_count THEN
    PERFORM tw_audit(NEW.seq, 'steps', OLD.step_count || ' steps', NEW.step_count || ' steps');
  END IF;
  FOR field IN
    SELECT key, tw_text(o.value) AS before_text, tw_text(n.value) AS after_text
    FROM jsonb_each(OLD.header::jsonb) o FULL JOIN jsonb_each(NEW.header::jsonb) n USING (key)
    WHERE key NOT IN ('traj', 'task_id', 'scores', 'score_details') AND o.value IS DISTINCT FROM n.value ORDER BY key
  LOOP
    PERFORM tw_audit(NEW.seq, field.key, field.before_text, field.after_text);
  END LOOP;
  RETURN NULL;
END $$;

-- A reviewer's steps change only with their task's saved edit, and never leave it with another number of steps than it says.
CREATE OR REPLACE FUNCTION tw_steps_whole() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  task bigint := coalesce(NEW.task_seq, OLD.task_seq);
  said integer;
  held integer;
BEGIN
  SELECT step_count INTO said FROM trajectories WHERE seq = task;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  -- the task's row was written by this very transaction (so its version rose, in the reviewer's name, above)
  IF (SELECT xmin::text FROM trajectories WHERE seq = task) <> (pg_current_xact_id()::text::bigint % 4294967296)::text THEN
    RAISE EXCEPTION 'the steps of a task change only with an edit of the task saved by the workbench (task number %)', task
        USING ERRCODE = '42501';
  END IF;
  SELECT count(*) INTO held FROM steps WHERE task_seq = task;
  IF held <> said THEN
    RAISE EXCEPTION 'a task would hold % steps where its record says %', held, said USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;

-- Reviews: in the audit trail; a reviewer does not settle the task where another reviewer's verdict differs.
CREATE OR REPLACE FUNCTION tw_review_changed() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF TG_OP <> 'DELETE' AND tw_restricted() AND NEW.state IN ('approved', 'rejected', 'needs_fix') AND EXISTS (
      SELECT 1 FROM verdicts v WHERE v.task_seq = NEW.task_seq AND v.reviewer <> session_user AND v.verdict <> NEW.state) THEN
    RAISE EXCEPTION 'the reviewers'' verdicts on this task differ: a curator settles it' USING ERRCODE = '42501';
  END IF;
  PERFORM tw_audit(coalesce(NEW.task_seq, OLD.task_seq), 'review',
      CASE WHEN TG_OP = 'INSERT' THEN 'new' ELSE tw_judgement(OLD.state, OLD.note) END,
      CASE WHEN TG_OP = 'DELETE' THEN 'new' ELSE tw_judgement(NEW.state, NEW.note) END);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION tw_verdict_changed() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  PERFORM tw_audit(coalesce(NEW.task_seq, OLD.task_seq), 'verdict',
      CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE tw_judgement(OLD.verdict, OLD.note) END,
      CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE tw_judgement(NEW.verdict, NEW.note) END);
  RETURN NULL;
END $$;

-- Personal data findings are judged, never deleted, by anyone but the owner: while the task is as it was scrubbed,
-- every finding stays (its state may change, boxes may be added); each change is in the audit trail with who and when.
-- A scrub of a changed task replaces its findings (its content hash changes, and exports leave it out until then).
CREATE OR REPLACE FUNCTION tw_findings_summary(findings text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(string_agg(state || ' ' || n, ', ' ORDER BY state), 'none')
  FROM (SELECT f ->> 'state' AS state, count(*) AS n FROM jsonb_array_elements(findings::jsonb) f GROUP BY 1) counted
$$;

CREATE OR REPLACE FUNCTION tw_scrub_changed() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  gone integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'personal data findings are judged, never deleted: only the dataset''s owner removes them' USING ERRCODE = '42501';
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.content_hash = OLD.content_hash THEN
    SELECT count(*) INTO gone FROM jsonb_array_elements(OLD.findings::jsonb) o
      WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(NEW.findings::jsonb) n WHERE (n - 'state') = (o - 'state'));
    IF gone > 0 THEN
      RAISE EXCEPTION 'personal data findings are judged, never deleted: % of this task''s would be gone', gone USING ERRCODE = '42501';
    END IF;
  END IF;
  PERFORM tw_audit(NEW.task_seq, 'personal data', CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE tw_findings_summary(OLD.findings) END,
      tw_findings_summary(NEW.findings));
  RETURN NULL;
END $$;

DO $setup$
DECLARE
  db text := current_database();
  curator text := db || '_curator';
  reviewer text := db || '_reviewer';
  viewer text := db || '_viewer';
  t text;
  assigned text := 'EXISTS (SELECT 1 FROM assignments a WHERE a.task_seq = %s AND a.reviewer = session_user)';
BEGIN
  FOREACH t IN ARRAY ARRAY[curator, reviewer, viewer] LOOP
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = t) THEN
      EXECUTE format('CREATE ROLE %I NOLOGIN', t);
    END IF;
  END LOOP;
  -- A curator adds and removes members (users --grant): it holds the admin option on the roles below its own.
  EXECUTE format('GRANT %I TO %I', viewer, reviewer);
  EXECUTE format('GRANT %I TO %I WITH ADMIN OPTION', viewer, curator);
  EXECUTE format('GRANT %I TO %I WITH ADMIN OPTION', reviewer, curator);
  EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', db, viewer);
  EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', viewer);
  EXECUTE format('GRANT SELECT ON ALL TABLES IN SCHEMA public TO %I', viewer);
  EXECUTE format('REVOKE UPDATE ON trajectories FROM %I', reviewer);
  EXECUTE format('GRANT UPDATE (step_count, task_completed, header, version, updated_at, updated_by) ON trajectories TO %I', reviewer);
  EXECUTE format('GRANT INSERT, DELETE ON steps, step_problems TO %I', reviewer);
  EXECUTE format('GRANT INSERT, UPDATE, DELETE ON reviews, review_grades, verdicts TO %I', reviewer);
  EXECUTE format('GRANT INSERT ON task_history TO %I', reviewer);
  EXECUTE format('GRANT INSERT, UPDATE ON scrubs TO %I', reviewer);
  EXECUTE format('GRANT ALL ON ALL TABLES IN SCHEMA public TO %I', curator);
  -- TRUNCATE passes row security by; the audit trail is only added to.
  EXECUTE format('REVOKE TRUNCATE, TRIGGER, REFERENCES ON ALL TABLES IN SCHEMA public FROM %I', curator);
  EXECUTE format('REVOKE UPDATE, DELETE ON task_history FROM %I', curator);
  -- import and copy draw task numbers ahead of COPY (nextval) and copy sets the next one (setval): sequences need their own grant
  EXECUTE format('GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO %I', curator);
  FOREACH t IN ARRAY ARRAY['trajectories', 'steps', 'step_problems', 'reviews', 'review_grades', 'verdicts', 'task_history', 'scrubs'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('DROP POLICY IF EXISTS everyone_reads ON %I', t);
    EXECUTE format('CREATE POLICY everyone_reads ON %I FOR SELECT USING (true)', t);
    EXECUTE format('DROP POLICY IF EXISTS curators_write ON %I', t);
    EXECUTE format('DROP POLICY IF EXISTS reviewers_write_assigned ON %I', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['trajectories', 'steps', 'step_problems', 'reviews', 'review_grades', 'scrubs'] LOOP
    EXECUTE format('CREATE POLICY curators_write ON %I TO %I USING (true) WITH CHECK (true)', t, curator);
  END LOOP;
  -- Each one's verdict is their own; the audit trail is added to and never changed.
  EXECUTE format('CREATE POLICY curators_write ON verdicts TO %I USING (reviewer = session_user) WITH CHECK (reviewer = session_user)', curator);
  EXECUTE format('CREATE POLICY curators_write ON task_history FOR INSERT TO %I WITH CHECK (true)', curator);
  EXECUTE format('CREATE POLICY reviewers_write_assigned ON trajectories FOR UPDATE TO %I USING (%s)', reviewer, format(assigned, 'trajectories.seq'));
  FOREACH t IN ARRAY ARRAY['steps', 'step_problems', 'reviews', 'review_grades', 'scrubs'] LOOP
    EXECUTE format('CREATE POLICY reviewers_write_assigned ON %I TO %I USING (%s) WITH CHECK (%s)', t, reviewer,
        format(assigned, t || '.task_seq'), format(assigned, t || '.task_seq'));
  END LOOP;
  EXECUTE format('CREATE POLICY reviewers_write_assigned ON verdicts TO %I USING (reviewer = session_user AND %s)'
      || ' WITH CHECK (reviewer = session_user AND %s)', reviewer, format(assigned, 'verdicts.task_seq'), format(assigned, 'verdicts.task_seq'));
  EXECUTE format('CREATE POLICY reviewers_write_assigned ON task_history FOR INSERT TO %I WITH CHECK (%s)', reviewer,
      format(assigned, '(SELECT seq FROM trajectories WHERE task_id = task_history.task_id)'));
END
$setup$;

-- The triggers, their conditions written with the names: the owner's copy (DatasetCopy, tw.bulk) brings the audit trail
-- it copies and writes none of its own; only a bounded member's steps are checked at commit.
DO $triggers$
DECLARE
  not_owner text := format('session_user <> %L::name', current_user);
  bounded text := format('session_user <> %L::name AND NOT pg_has_role(session_user, %L, ''MEMBER'')', current_user, current_database() || '_curator');
  not_copying text := format('(session_user <> %L::name OR coalesce(current_setting(''tw.bulk'', true), '''') <> ''on'')', current_user);
BEGIN
  EXECUTE 'DROP TRIGGER IF EXISTS tw_stamp ON task_history';
  EXECUTE format('CREATE TRIGGER tw_stamp BEFORE INSERT ON task_history FOR EACH ROW WHEN (%s) EXECUTE FUNCTION tw_stamp_history()', not_owner);
  EXECUTE 'DROP TRIGGER IF EXISTS tw_changing ON trajectories';
  EXECUTE 'CREATE TRIGGER tw_changing BEFORE UPDATE ON trajectories FOR EACH ROW EXECUTE FUNCTION tw_task_changing()';
  EXECUTE 'DROP TRIGGER IF EXISTS tw_changed ON trajectories';
  EXECUTE format('CREATE TRIGGER tw_changed AFTER UPDATE ON trajectories FOR EACH ROW WHEN (%s) EXECUTE FUNCTION tw_task_changed()', not_copying);
  EXECUTE 'DROP TRIGGER IF EXISTS tw_steps_whole ON steps';
  EXECUTE format('CREATE CONSTRAINT TRIGGER tw_steps_whole AFTER INSERT OR UPDATE OR DELETE ON steps DEFERRABLE INITIALLY DEFERRED'
      || ' FOR EACH ROW WHEN (%s) EXECUTE FUNCTION tw_steps_whole()', bounded);
  EXECUTE 'DROP TRIGGER IF EXISTS tw_review_changed ON reviews';
  EXECUTE format('CREATE TRIGGER tw_review_changed AFTER INSERT OR UPDATE OR DELETE ON reviews FOR EACH ROW WHEN (%s)'
      || ' EXECUTE FUNCTION tw_review_changed()', not_copying);
  EXECUTE 'DROP TRIGGER IF EXISTS tw_scrub_changed ON scrubs';
  EXECUTE format('CREATE TRIGGER tw_scrub_changed AFTER INSERT OR UPDATE OR DELETE ON scrubs FOR EACH ROW WHEN (%s)'
      || ' EXECUTE FUNCTION tw_scrub_changed()', not_owner);
  EXECUTE 'DROP TRIGGER IF EXISTS tw_verdict_changed ON verdicts';
  EXECUTE format('CREATE TRIGGER tw_verdict_changed AFTER INSERT OR UPDATE OR DELETE ON verdicts FOR EACH ROW WHEN (%s)'
      || ' EXECUTE FUNCTION tw_verdict_changed()', not_copying);
END
$triggers$;
