import { ROLES_MIGRATION } from './team-roles'

/** One step of the team database's schema, applied in order inside one transaction. */
export interface TeamMigration {
  version: number
  sql: string
}

export const TEAM_MIGRATIONS: readonly TeamMigration[] = [
  // The workspace, its schema version, and the desks that use it.
  {
    version: 1,
    sql: `
      CREATE SCHEMA IF NOT EXISTS gatedesk;
      CREATE TABLE gatedesk.schema_version (
        version      integer     NOT NULL,
        app_version  text        NOT NULL,
        migrated_at  timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE gatedesk.desks (
        os_user      text        NOT NULL,
        desk_name    text        NOT NULL,
        db_user      text        NOT NULL DEFAULT current_user,
        app_version  text        NOT NULL,
        first_seen   timestamptz NOT NULL DEFAULT now(),
        last_seen    timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (os_user, desk_name)
      );`,
  },
  // Report templates shared by the team: the request as written (json keeps its text), names
  // unique among the live ones whatever their case, who created and last changed each.
  {
    version: 2,
    sql: `
      CREATE TABLE gatedesk.report_templates (
        id           text        PRIMARY KEY,
        name         text        NOT NULL,
        request      json        NOT NULL,
        created_at   timestamptz NOT NULL,
        updated_at   timestamptz NOT NULL,
        last_run_at  timestamptz,
        deleted_at   timestamptz,
        created_by   text        NOT NULL DEFAULT current_user,
        updated_by   text        NOT NULL DEFAULT current_user
      );
      CREATE UNIQUE INDEX report_templates_name ON gatedesk.report_templates (lower(name))
        WHERE deleted_at IS NULL;`,
  },
  // The team's history as an audit trail: every request any desk sent, card data masked as in
  // the local history, with who sent it (OS user, desk, database user).
  {
    version: 3,
    sql: `
      CREATE TABLE gatedesk.history (
        id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        sent_at           timestamptz NOT NULL,
        environment_id    text        NOT NULL,
        environment_name  text        NOT NULL,
        operation         text        NOT NULL,
        parameters        json        NOT NULL,
        profile_id        text,
        order_id          text,
        outcome           text        NOT NULL,
        serial_number     text,
        error_code        text,
        error_message     text,
        message           text,
        message_code      text,
        message_params    text,
        os_user           text        NOT NULL,
        desk_name         text        NOT NULL,
        db_user           text        NOT NULL DEFAULT current_user
      );
      CREATE INDEX history_sent ON gatedesk.history (sent_at DESC, id DESC);
      CREATE INDEX history_profile ON gatedesk.history (profile_id, sent_at);`,
  },
  // Bulk jobs shared by the desks: rows claimed with SKIP LOCKED, each desk's run holding an
  // advisory lock on its key while it lives, so that another desk can tell a run that died.
  {
    version: 4,
    sql: `
      CREATE TABLE gatedesk.bulk_jobs (
        id                text        PRIMARY KEY,
        created_at        timestamptz NOT NULL,
        source_name       text        NOT NULL,
        environment_id    text        NOT NULL,
        environment_name  text        NOT NULL,
        os_user           text        NOT NULL,
        desk_name         text        NOT NULL,
        created_by        text        NOT NULL DEFAULT current_user
      );
      CREATE TABLE gatedesk.bulk_runs (
        run_key     bigint      PRIMARY KEY,
        job_id      text        NOT NULL REFERENCES gatedesk.bulk_jobs ON DELETE CASCADE,
        os_user     text        NOT NULL,
        desk_name   text        NOT NULL,
        db_user     text        NOT NULL DEFAULT current_user,
        started_at  timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE gatedesk.bulk_rows (
        job_id      text    NOT NULL REFERENCES gatedesk.bulk_jobs ON DELETE CASCADE,
        row_number  integer NOT NULL,
        -- As history stores them: a team job carries no card data (refused when made).
        parameters  json    NOT NULL,
        state       text    NOT NULL CHECK (state IN ('pending', 'in-flight', 'done', 'unknown')),
        run_key     bigint,
        history_id  bigint,
        outcome     text,
        PRIMARY KEY (job_id, row_number)
      );
      CREATE INDEX bulk_rows_pending ON gatedesk.bulk_rows (job_id, row_number)
        WHERE state = 'pending';`,
  },
  // Live: every change other desks should see at once is announced on the channel
  // gatedesk_changes (LISTEN/NOTIFY), as JSON; identical ones in a transaction are sent once.
  {
    version: 5,
    sql: `
      CREATE FUNCTION gatedesk.announce() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'history' THEN
          PERFORM pg_notify('gatedesk_changes',
            json_build_object('kind', 'history', 'id', NEW.id)::text);
        ELSIF TG_TABLE_NAME = 'bulk_rows' THEN
          PERFORM pg_notify('gatedesk_changes',
            json_build_object('kind', 'bulk', 'job', NEW.job_id)::text);
        ELSE
          PERFORM pg_notify('gatedesk_changes', json_build_object('kind', 'templates')::text);
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER history_announced AFTER INSERT OR UPDATE ON gatedesk.history
        FOR EACH ROW EXECUTE FUNCTION gatedesk.announce();
      CREATE TRIGGER bulk_rows_announced AFTER UPDATE OF state ON gatedesk.bulk_rows
        FOR EACH ROW EXECUTE FUNCTION gatedesk.announce();
      CREATE TRIGGER report_templates_announced
        AFTER INSERT OR UPDATE OR DELETE ON gatedesk.report_templates
        FOR EACH STATEMENT EXECUTE FUNCTION gatedesk.announce();`,
  },
  // Saved report views shared by the team: each belongs to a template (and goes when it is
  // deleted for good), names unique per template whatever their case. A change to a template's
  // views is announced with the template's id (identical ones in a transaction sent once).
  {
    version: 6,
    sql: `
      CREATE TABLE gatedesk.report_views (
        id            text        PRIMARY KEY,
        template_id   text        NOT NULL REFERENCES gatedesk.report_templates ON DELETE CASCADE,
        name          text        NOT NULL,
        content       json        NOT NULL,
        created_at    timestamptz NOT NULL,
        updated_at    timestamptz NOT NULL,
        last_used_at  timestamptz,
        created_by    text        NOT NULL DEFAULT current_user,
        updated_by    text        NOT NULL DEFAULT current_user
      );
      CREATE UNIQUE INDEX report_views_name ON gatedesk.report_views (template_id, lower(name));
      CREATE OR REPLACE FUNCTION gatedesk.announce() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'history' THEN
          PERFORM pg_notify('gatedesk_changes',
            json_build_object('kind', 'history', 'id', NEW.id)::text);
        ELSIF TG_TABLE_NAME = 'bulk_rows' THEN
          PERFORM pg_notify('gatedesk_changes',
            json_build_object('kind', 'bulk', 'job', NEW.job_id)::text);
        ELSIF TG_TABLE_NAME = 'report_views' AND TG_OP = 'DELETE' THEN
          PERFORM pg_notify('gatedesk_changes',
            json_build_object('kind', 'views', 'template', OLD.template_id)::text);
        ELSIF TG_TABLE_NAME = 'report_views' THEN
          PERFORM pg_notify('gatedesk_changes',
            json_build_object('kind', 'views', 'template', NEW.template_id)::text);
        ELSE
          PERFORM pg_notify('gatedesk_changes', json_build_object('kind', 'templates')::text);
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER report_views_announced
        AFTER INSERT OR UPDATE OR DELETE ON gatedesk.report_views
        FOR EACH ROW EXECUTE FUNCTION gatedesk.announce();`,
  },
  // The team's environments without their secrets: every setting, the public half of the RSA
  // key and its fingerprint (what every desk's own key is checked against before it sends), and
  // the keychain accounts the secrets are saved under, which each desk looks up in its own
  // keychain. Never a control key, private key or password. The Sandbox is each desk's own.
  {
    version: 7,
    sql: `
      CREATE TABLE gatedesk.environments (
        id                     text        PRIMARY KEY,
        name                   text        NOT NULL,
        kind                   text        NOT NULL CHECK (kind IN ('integration', 'production')),
        base_url               text        NOT NULL,
        endpoint_id            text        NOT NULL,
        merchant_login         text        NOT NULL,
        update_recurring_path  text        NOT NULL,
        report_path            text        NOT NULL,
        oauth_in_body          boolean     NOT NULL,
        extra_ca_pem           text,
        control_key_account    text,
        rsa_key_account        text,
        rsa_public_key_pem     text,
        rsa_fingerprint        text,
        rsa_bits               integer,
        created_at             timestamptz NOT NULL,
        updated_at             timestamptz NOT NULL,
        created_by             text        NOT NULL DEFAULT current_user,
        updated_by             text        NOT NULL DEFAULT current_user,
        CHECK ((rsa_key_account IS NULL) = (rsa_fingerprint IS NULL))
      );
      CREATE UNIQUE INDEX environments_name ON gatedesk.environments (lower(name));`,
  },
  // Roles the database enforces (team-roles.ts).
  { version: 8, sql: ROLES_MIGRATION },
  // A change to the team's environments is announced too (once a statement), so that every
  // desk's list, and the key fingerprint it checks before sending, follow without a refresh; and
  // a new bulk job, which its rows' first claim would announce only later.
  {
    version: 9,
    sql: `
      CREATE FUNCTION gatedesk.announce_environments() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('gatedesk_changes', json_build_object('kind', 'environments')::text);
        RETURN NULL;
      END $$;
      CREATE TRIGGER environments_announced
        AFTER INSERT OR UPDATE OR DELETE ON gatedesk.environments
        FOR EACH STATEMENT EXECUTE FUNCTION gatedesk.announce_environments();
      CREATE FUNCTION gatedesk.announce_bulk_job() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('gatedesk_changes',
          json_build_object('kind', 'bulk', 'job', NEW.id)::text);
        RETURN NULL;
      END $$;
      CREATE TRIGGER bulk_jobs_announced AFTER INSERT ON gatedesk.bulk_jobs
        FOR EACH ROW EXECUTE FUNCTION gatedesk.announce_bulk_job();`,
  },
]
