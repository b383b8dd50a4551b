import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AlertPolicies1795913000400 implements MigrationInterface {
  name = 'AlertPolicies1795913000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DROP INDEX \"public\".\"uq_alert_deliveries_transition_channel\"");
    await queryRunner.query("CREATE TABLE \"alerts\" (\"id\" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, \"monitor_id\" bigint NOT NULL, \"workspace_id\" bigint NOT NULL, \"incident_key\" character varying(64) NOT NULL, \"state\" character varying(16) NOT NULL DEFAULT 'open', \"opened_status\" character varying(16) NOT NULL, \"status\" character varying(16) NOT NULL, \"opened_at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"acknowledged_at\" TIMESTAMP WITH TIME ZONE, \"acknowledged_by\" character varying(256), \"resolved_at\" TIMESTAMP WITH TIME ZONE, \"suppressed_by\" bigint, \"escalation_policy_id\" bigint, \"clock_from\" TIMESTAMP WITH TIME ZONE NOT NULL, \"reminders_sent\" integer NOT NULL DEFAULT '0', \"escalation_step\" integer NOT NULL DEFAULT '0', \"next_due_at\" TIMESTAMP WITH TIME ZONE, CONSTRAINT \"ck_alerts_state\" CHECK (\"state\" IN ('open', 'acknowledged', 'resolved')), CONSTRAINT \"PK_60f895662df096bfcdfab7f4b96\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE INDEX \"ix_alerts_due\" ON \"alerts\" (\"next_due_at\") WHERE next_due_at IS NOT NULL");
    await queryRunner.query("CREATE INDEX \"ix_alerts_monitor\" ON \"alerts\" (\"monitor_id\", \"id\") ");
    await queryRunner.query("CREATE INDEX \"ix_alerts_workspace\" ON \"alerts\" (\"workspace_id\", \"id\") ");
    await queryRunner.query("CREATE UNIQUE INDEX \"uq_alerts_incident\" ON \"alerts\" (\"incident_key\") ");
    await queryRunner.query("ALTER TABLE \"monitors\" ADD \"failure_threshold\" integer NOT NULL DEFAULT '1'");
    await queryRunner.query("ALTER TABLE \"monitors\" ADD \"failure_seconds\" integer NOT NULL DEFAULT '0'");
    await queryRunner.query("ALTER TABLE \"monitors\" ADD \"recovery_threshold\" integer NOT NULL DEFAULT '1'");
    await queryRunner.query("ALTER TABLE \"monitors\" ADD \"reminder_interval_minutes\" integer NOT NULL DEFAULT '0'");
    await queryRunner.query("ALTER TABLE \"monitors\" ADD \"reminder_limit\" integer NOT NULL DEFAULT '10'");
    await queryRunner.query("ALTER TABLE \"monitors\" ADD \"escalation_policy_id\" bigint");
    await queryRunner.query("ALTER TABLE \"monitors\" ADD \"parent_monitor_ids\" bigint array NOT NULL DEFAULT '{}'");
    await queryRunner.query("ALTER TABLE \"monitor_alert_states\" ADD \"observed\" character varying(16) NOT NULL DEFAULT 'unknown'");
    await queryRunner.query("ALTER TABLE \"monitor_alert_states\" ADD \"streak\" integer NOT NULL DEFAULT '0'");
    await queryRunner.query("ALTER TABLE \"monitor_alert_states\" ADD \"streak_since\" TIMESTAMP WITH TIME ZONE");
    await queryRunner.query("ALTER TABLE \"monitor_alert_states\" ADD \"last_round\" TIMESTAMP WITH TIME ZONE");
    await queryRunner.query("ALTER TABLE \"alert_transitions\" ADD \"suppressed_by\" bigint");
    await queryRunner.query("ALTER TABLE \"alert_transitions\" ADD \"since\" TIMESTAMP WITH TIME ZONE");
    await queryRunner.query("ALTER TABLE \"alert_deliveries\" ADD \"reason\" character varying(16) NOT NULL DEFAULT 'transition'");
    await queryRunner.query("ALTER TABLE \"alert_deliveries\" ADD \"round\" integer NOT NULL DEFAULT '0'");
    await queryRunner.query("CREATE UNIQUE INDEX \"uq_alert_deliveries_transition_channel\" ON \"alert_deliveries\" (\"transition_id\", \"channel_id\", \"reason\", \"round\") ");
    await queryRunner.query("ALTER TABLE \"monitors\" ADD CONSTRAINT \"ck_monitors_parents\" CHECK (cardinality(\"parent_monitor_ids\") <= 20)");
    await queryRunner.query("ALTER TABLE \"monitors\" ADD CONSTRAINT \"ck_monitors_reminder_limit\" CHECK (\"reminder_limit\" >= 1 AND \"reminder_limit\" <= 1000)");
    await queryRunner.query("ALTER TABLE \"monitors\" ADD CONSTRAINT \"ck_monitors_reminder_interval\" CHECK (\"reminder_interval_minutes\" >= 0 AND \"reminder_interval_minutes\" <= 10080)");
    await queryRunner.query("ALTER TABLE \"monitors\" ADD CONSTRAINT \"ck_monitors_recovery_threshold\" CHECK (\"recovery_threshold\" >= 1 AND \"recovery_threshold\" <= 100)");
    await queryRunner.query("ALTER TABLE \"monitors\" ADD CONSTRAINT \"ck_monitors_failure_seconds\" CHECK (\"failure_seconds\" >= 0 AND \"failure_seconds\" <= 86400)");
    await queryRunner.query("ALTER TABLE \"monitors\" ADD CONSTRAINT \"ck_monitors_failure_threshold\" CHECK (\"failure_threshold\" >= 1 AND \"failure_threshold\" <= 100)");
    // A down alert of a monitor with parents may wait for them (status 'waiting').
    await queryRunner.query("ALTER TABLE \"alert_deliveries\" DROP CONSTRAINT \"ck_alert_deliveries_status\"");
    await queryRunner.query("ALTER TABLE \"alert_deliveries\" ADD CONSTRAINT \"ck_alert_deliveries_status\" CHECK (\"status\" IN ('waiting', 'pending', 'delivered', 'failed', 'suppressed'))");
    await queryRunner.query("CREATE INDEX \"ix_alert_deliveries_waiting\" ON \"alert_deliveries\" (\"not_before\") WHERE status = 'waiting'");
    await queryRunner.query("CREATE INDEX \"ix_monitors_parents\" ON \"monitors\" USING gin (\"parent_monitor_ids\")");
    await queryRunner.query("ALTER TABLE \"alert_deliveries\" ADD CONSTRAINT \"ck_alert_deliveries_reason\" CHECK (\"reason\" IN ('transition', 'reminder', 'escalation', 'released'))");
    await queryRunner.query("ALTER TABLE \"alerts\" ADD CONSTRAINT \"FK_2738e0ed87620abc743c4024d06\" FOREIGN KEY (\"monitor_id\") REFERENCES \"monitors\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DROP INDEX \"public\".\"ix_monitors_parents\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_alert_deliveries_waiting\"");
    await queryRunner.query("ALTER TABLE \"alert_deliveries\" DROP CONSTRAINT \"ck_alert_deliveries_status\"");
    await queryRunner.query("ALTER TABLE \"alert_deliveries\" ADD CONSTRAINT \"ck_alert_deliveries_status\" CHECK (\"status\" IN ('pending', 'delivered', 'failed', 'suppressed'))");
    await queryRunner.query("ALTER TABLE \"alerts\" DROP CONSTRAINT \"FK_2738e0ed87620abc743c4024d06\"");
    await queryRunner.query("ALTER TABLE \"alert_deliveries\" DROP CONSTRAINT \"ck_alert_deliveries_reason\"");
    await queryRunner.query("ALTER TABLE \"monitors\" DROP CONSTRAINT \"ck_monitors_failure_threshold\"");
    await queryRunner.query("ALTER TABLE \"monitors\" DROP CONSTRAINT \"ck_monitors_failure_seconds\"");
    await queryRunner.query("ALTER TABLE \"monitors\" DROP CONSTRAINT \"ck_monitors_recovery_threshold\"");
    await queryRunner.query("ALTER TABLE \"monitors\" DROP CONSTRAINT \"ck_monitors_reminder_interval\"");
    await queryRunner.query("ALTER TABLE \"monitors\" DROP CONSTRAINT \"ck_monitors_reminder_limit\"");
    await queryRunner.query("ALTER TABLE \"monitors\" DROP CONSTRAINT \"ck_monitors_parents\"");
    await queryRunner.query("DROP INDEX \"public\".\"uq_alert_deliveries_transition_channel\"");
    await queryRunner.query("ALTER TABLE \"alert_deliveries\" DROP COLUMN \"round\"");
    await queryRunner.query("ALTER TABLE \"alert_deliveries\" DROP COLUMN \"reason\"");
    await queryRunner.query("ALTER TABLE \"alert_transitions\" DROP COLUMN \"since\"");
    await queryRunner.query("ALTER TABLE \"alert_transitions\" DROP COLUMN \"suppressed_by\"");
    await queryRunner.query("ALTER TABLE \"monitor_alert_states\" DROP COLUMN \"last_round\"");
    await queryRunner.query("ALTER TABLE \"monitor_alert_states\" DROP COLUMN \"streak_since\"");
    await queryRunner.query("ALTER TABLE \"monitor_alert_states\" DROP COLUMN \"streak\"");
    await queryRunner.query("ALTER TABLE \"monitor_alert_states\" DROP COLUMN \"observed\"");
    await queryRunner.query("ALTER TABLE \"monitors\" DROP COLUMN \"parent_monitor_ids\"");
    await queryRunner.query("ALTER TABLE \"monitors\" DROP COLUMN \"escalation_policy_id\"");
    await queryRunner.query("ALTER TABLE \"monitors\" DROP COLUMN \"reminder_limit\"");
    await queryRunner.query("ALTER TABLE \"monitors\" DROP COLUMN \"reminder_interval_minutes\"");
    await queryRunner.query("ALTER TABLE \"monitors\" DROP COLUMN \"recovery_threshold\"");
    await queryRunner.query("ALTER TABLE \"monitors\" DROP COLUMN \"failure_seconds\"");
    await queryRunner.query("ALTER TABLE \"monitors\" DROP COLUMN \"failure_threshold\"");
    await queryRunner.query("DROP INDEX \"public\".\"uq_alerts_incident\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_alerts_workspace\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_alerts_monitor\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_alerts_due\"");
    await queryRunner.query("DROP TABLE \"alerts\"");
    await queryRunner.query("CREATE UNIQUE INDEX \"uq_alert_deliveries_transition_channel\" ON \"alert_deliveries\" (\"transition_id\", \"channel_id\") ");
  }
}
