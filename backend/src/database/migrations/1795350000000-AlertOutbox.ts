import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Alerting: each monitor's alert state, the transitions it went through, and the delivery outbox
 * (one row per transition and channel, unique, so a transition is queued once per channel).
 */
export class AlertOutbox1795350000000 implements MigrationInterface {
  name = 'AlertOutbox1795350000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"monitor_alert_states\" (\"monitor_id\" bigint NOT NULL, \"workspace_id\" bigint NOT NULL, \"status\" character varying(16) NOT NULL, \"seq\" integer NOT NULL DEFAULT '0', \"incident_key\" character varying(64), \"updated_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"ck_monitor_alert_states_status\" CHECK (\"status\" IN ('unknown', 'active', 'degraded', 'error')), CONSTRAINT \"PK_458ea82e63e0a620108d501dcb2\" PRIMARY KEY (\"monitor_id\"))");
    await queryRunner.query("CREATE TABLE \"alert_transitions\" (\"id\" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, \"monitor_id\" bigint NOT NULL, \"workspace_id\" bigint NOT NULL, \"seq\" integer NOT NULL, \"from_status\" character varying(16) NOT NULL, \"to_status\" character varying(16) NOT NULL, \"kind\" character varying(16), \"incident_key\" character varying(64) NOT NULL, \"regions\" jsonb NOT NULL DEFAULT '[]', \"silenced_until\" TIMESTAMP WITH TIME ZONE, \"at\" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT \"ck_alert_transitions_kind\" CHECK (\"kind\" IS NULL OR \"kind\" IN ('down', 'degraded', 'recovered')), CONSTRAINT \"PK_eea28c7718b1c6d33738ff42abd\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE UNIQUE INDEX \"uq_alert_transitions_seq\" ON \"alert_transitions\" (\"monitor_id\", \"seq\") ");
    await queryRunner.query("CREATE TABLE \"alert_deliveries\" (\"id\" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, \"transition_id\" bigint NOT NULL, \"channel_id\" bigint NOT NULL, \"monitor_id\" bigint NOT NULL, \"workspace_id\" bigint NOT NULL, \"kind\" character varying(16) NOT NULL, \"incident_key\" character varying(64) NOT NULL, \"status\" character varying(16) NOT NULL DEFAULT 'pending', \"not_before\" TIMESTAMP WITH TIME ZONE NOT NULL, \"held\" boolean NOT NULL DEFAULT false, \"lease_until\" TIMESTAMP WITH TIME ZONE, \"attempts\" integer NOT NULL DEFAULT '0', \"last_attempt_at\" TIMESTAMP WITH TIME ZONE, \"response_status\" integer, \"response\" text, \"last_error\" text, \"finished_at\" TIMESTAMP WITH TIME ZONE, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"ck_alert_deliveries_kind\" CHECK (\"kind\" IN ('down', 'degraded', 'recovered')), CONSTRAINT \"ck_alert_deliveries_status\" CHECK (\"status\" IN ('pending', 'delivered', 'failed', 'suppressed')), CONSTRAINT \"PK_b3d51c95891264fb62df41582ad\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE UNIQUE INDEX \"uq_alert_deliveries_transition_channel\" ON \"alert_deliveries\" (\"transition_id\", \"channel_id\") ");
    await queryRunner.query("CREATE INDEX \"ix_alert_deliveries_due\" ON \"alert_deliveries\" (\"not_before\", \"id\") WHERE status = 'pending'");
    await queryRunner.query("CREATE INDEX \"ix_alert_deliveries_channel\" ON \"alert_deliveries\" (\"channel_id\", \"last_attempt_at\") ");
    await queryRunner.query("CREATE INDEX \"ix_alert_deliveries_monitor\" ON \"alert_deliveries\" (\"monitor_id\", \"channel_id\") ");
    await queryRunner.query("ALTER TABLE \"monitor_alert_states\" ADD CONSTRAINT \"FK_458ea82e63e0a620108d501dcb2\" FOREIGN KEY (\"monitor_id\") REFERENCES \"monitors\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"alert_transitions\" ADD CONSTRAINT \"FK_67f8d10bd8d9652652c5aa4a4f7\" FOREIGN KEY (\"monitor_id\") REFERENCES \"monitors\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"alert_deliveries\" ADD CONSTRAINT \"FK_8068e5f0ec57d0ee4615368e671\" FOREIGN KEY (\"transition_id\") REFERENCES \"alert_transitions\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"alert_deliveries\" ADD CONSTRAINT \"FK_b68bf9b4404d9c1469433f0a95b\" FOREIGN KEY (\"channel_id\") REFERENCES \"notification_channels\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"alert_deliveries\" ADD CONSTRAINT \"FK_3eaaec9b5ad18b1c1deff0824a0\" FOREIGN KEY (\"monitor_id\") REFERENCES \"monitors\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"alert_deliveries\" DROP CONSTRAINT \"FK_3eaaec9b5ad18b1c1deff0824a0\"");
    await queryRunner.query("ALTER TABLE \"alert_deliveries\" DROP CONSTRAINT \"FK_b68bf9b4404d9c1469433f0a95b\"");
    await queryRunner.query("ALTER TABLE \"alert_deliveries\" DROP CONSTRAINT \"FK_8068e5f0ec57d0ee4615368e671\"");
    await queryRunner.query("ALTER TABLE \"alert_transitions\" DROP CONSTRAINT \"FK_67f8d10bd8d9652652c5aa4a4f7\"");
    await queryRunner.query("ALTER TABLE \"monitor_alert_states\" DROP CONSTRAINT \"FK_458ea82e63e0a620108d501dcb2\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_alert_deliveries_monitor\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_alert_deliveries_channel\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_alert_deliveries_due\"");
    await queryRunner.query("DROP INDEX \"public\".\"uq_alert_deliveries_transition_channel\"");
    await queryRunner.query("DROP TABLE \"alert_deliveries\"");
    await queryRunner.query("DROP INDEX \"public\".\"uq_alert_transitions_seq\"");
    await queryRunner.query("DROP TABLE \"alert_transitions\"");
    await queryRunner.query("DROP TABLE \"monitor_alert_states\"");
  }
}
