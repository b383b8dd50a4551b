import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27's TLS certificates: the leaf certificate a check saw, kept with its result; the expiry
 * thresholds each certificate of a monitor reached (one row per monitor, certificate and threshold:
 * the unique key sends each alert once); and the outbox rows that tell them, which have no
 * transition (a certificate alert moves no status), so a delivery now points at a transition or at a
 * certificate alert, exactly one. check_results is partitioned by hand: ALTER TABLE on the parent
 * reaches every partition.
 */
export class CertificateChecks1795913000100 implements MigrationInterface {
  name = 'CertificateChecks1795913000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "check_results" ADD "certificate" jsonb');
    await queryRunner.query(
      'CREATE TABLE "certificate_alerts" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "monitor_id" bigint NOT NULL, "workspace_id" bigint NOT NULL, "certificate_key" character varying(64) NOT NULL, "threshold" integer NOT NULL, "days_left" integer NOT NULL, "certificate" jsonb NOT NULL, "region" character varying(64) NOT NULL, "alerted" boolean NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_ef412248c6124c6ea423469e0d1" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_certificate_alerts_threshold" ON "certificate_alerts" ("monitor_id", "certificate_key", "threshold") ',
    );
    await queryRunner.query(
      'ALTER TABLE "certificate_alerts" ADD CONSTRAINT "FK_efa10ef55055fe354124543eabe" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query('ALTER TABLE "alert_deliveries" ALTER COLUMN "transition_id" DROP NOT NULL');
    await queryRunner.query('ALTER TABLE "alert_deliveries" ADD "certificate_alert_id" bigint');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_alert_deliveries_certificate_channel" ON "alert_deliveries" ("certificate_alert_id", "channel_id") ',
    );
    await queryRunner.query('ALTER TABLE "alert_deliveries" DROP CONSTRAINT "ck_alert_deliveries_kind"');
    await queryRunner.query(
      `ALTER TABLE "alert_deliveries" ADD CONSTRAINT "ck_alert_deliveries_kind" CHECK ("kind" IN ('down', 'degraded', 'recovered', 'certificate'))`,
    );
    await queryRunner.query(
      'ALTER TABLE "alert_deliveries" ADD CONSTRAINT "ck_alert_deliveries_source" CHECK (num_nonnulls("transition_id", "certificate_alert_id") = 1)',
    );
    await queryRunner.query(
      'ALTER TABLE "alert_deliveries" ADD CONSTRAINT "FK_78e7256dcc22d2a7477eb916be1" FOREIGN KEY ("certificate_alert_id") REFERENCES "certificate_alerts"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "alert_deliveries" DROP CONSTRAINT "FK_78e7256dcc22d2a7477eb916be1"');
    await queryRunner.query('ALTER TABLE "alert_deliveries" DROP CONSTRAINT "ck_alert_deliveries_source"');
    await queryRunner.query('DELETE FROM "alert_deliveries" WHERE "certificate_alert_id" IS NOT NULL');
    await queryRunner.query('ALTER TABLE "alert_deliveries" DROP CONSTRAINT "ck_alert_deliveries_kind"');
    await queryRunner.query(
      `ALTER TABLE "alert_deliveries" ADD CONSTRAINT "ck_alert_deliveries_kind" CHECK ("kind" IN ('down', 'degraded', 'recovered'))`,
    );
    await queryRunner.query('DROP INDEX "public"."uq_alert_deliveries_certificate_channel"');
    await queryRunner.query('ALTER TABLE "alert_deliveries" DROP COLUMN "certificate_alert_id"');
    await queryRunner.query('ALTER TABLE "alert_deliveries" ALTER COLUMN "transition_id" SET NOT NULL');
    await queryRunner.query('ALTER TABLE "certificate_alerts" DROP CONSTRAINT "FK_efa10ef55055fe354124543eabe"');
    await queryRunner.query('DROP INDEX "public"."uq_certificate_alerts_threshold"');
    await queryRunner.query('DROP TABLE "certificate_alerts"');
    await queryRunner.query('ALTER TABLE "check_results" DROP COLUMN "certificate"');
  }
}
