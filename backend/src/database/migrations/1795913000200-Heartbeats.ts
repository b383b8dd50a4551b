import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27's heartbeat monitors: where each stands (its next deadline, which the sweeper claims by)
 * and the pings it received, kept 14 days. The monitors' own columns (the settings, the ping token's
 * hash) are MonitorChecks1795913000000's.
 */
export class Heartbeats1795913000200 implements MigrationInterface {
  name = 'Heartbeats1795913000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "heartbeat_states" ("monitor_id" bigint NOT NULL, "workspace_id" bigint NOT NULL, "config" jsonb NOT NULL, "active" boolean NOT NULL, "expected_at" TIMESTAMP WITH TIME ZONE, "started_at" TIMESTAMP WITH TIME ZONE, "due_at" TIMESTAMP WITH TIME ZONE, "last_ping_at" TIMESTAMP WITH TIME ZONE, "last_ping_kind" character varying(8), "last_success_at" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_heartbeat_states" PRIMARY KEY ("monitor_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "ix_heartbeat_states_due" ON "heartbeat_states" ("due_at") WHERE "due_at" IS NOT NULL',
    );
    await queryRunner.query(
      'ALTER TABLE "heartbeat_states" ADD CONSTRAINT "fk_heartbeat_states_monitor" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      `CREATE TABLE "heartbeat_pings" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "monitor_id" bigint NOT NULL, "workspace_id" bigint NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL, "kind" character varying(8) NOT NULL, "exit_code" smallint, "duration_ms" integer, "method" character varying(8) NOT NULL, "source" character varying(64) NOT NULL, "user_agent" character varying(512) NOT NULL DEFAULT '', "body" text NOT NULL DEFAULT '', "body_truncated" boolean NOT NULL DEFAULT false, CONSTRAINT "ck_heartbeat_pings_kind" CHECK ("kind" IN ('success', 'start', 'fail', 'log')), CONSTRAINT "pk_heartbeat_pings" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query('CREATE INDEX "ix_heartbeat_pings_monitor" ON "heartbeat_pings" ("monitor_id", "id") ');
    await queryRunner.query('CREATE INDEX "ix_heartbeat_pings_received" ON "heartbeat_pings" ("received_at") ');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."ix_heartbeat_pings_received"');
    await queryRunner.query('DROP INDEX "public"."ix_heartbeat_pings_monitor"');
    await queryRunner.query('DROP TABLE "heartbeat_pings"');
    await queryRunner.query('ALTER TABLE "heartbeat_states" DROP CONSTRAINT "fk_heartbeat_states_monitor"');
    await queryRunner.query('DROP INDEX "public"."ix_heartbeat_states_due"');
    await queryRunner.query('DROP TABLE "heartbeat_states"');
  }
}
