import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27's monitor settings: two more kinds (`tls`, and `heartbeat`, nine letters: the kind columns
 * widen to 16), JSON and timing assertions, tls_verify, certificate expiry thresholds, the `tls` and
 * `heartbeat` settings, and the heartbeat ping token's hash (unique among the monitors that have one).
 */
export class MonitorChecks1795913000000 implements MigrationInterface {
  name = 'MonitorChecks1795913000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "monitors" ALTER COLUMN "kind" TYPE character varying(16)');
    await queryRunner.query('ALTER TABLE "check_results" ALTER COLUMN "kind" TYPE character varying(16)');
    await queryRunner.query(`ALTER TABLE "monitors" ADD "json_assertions" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(`ALTER TABLE "monitors" ADD "timing_assertions" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query('ALTER TABLE "monitors" ADD "tls_verify" boolean NOT NULL DEFAULT true');
    await queryRunner.query(
      `ALTER TABLE "monitors" ADD "certificate_expiry_days" integer array NOT NULL DEFAULT '{14,7,1}'`,
    );
    await queryRunner.query('ALTER TABLE "monitors" ADD "tls" jsonb');
    await queryRunner.query('ALTER TABLE "monitors" ADD "heartbeat" jsonb');
    await queryRunner.query('ALTER TABLE "monitors" ADD "ping_token_hash" character varying(64)');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "ux_monitors_ping_token_hash" ON "monitors" ("ping_token_hash") WHERE "ping_token_hash" IS NOT NULL',
    );
    await queryRunner.query('ALTER TABLE "monitors" DROP CONSTRAINT "ck_monitors_kind"');
    await queryRunner.query(
      `ALTER TABLE "monitors" ADD CONSTRAINT "ck_monitors_kind" CHECK ("kind" IN ('http', 'tcp', 'dns', 'icmp', 'grpc', 'tls', 'heartbeat'))`,
    );
    await queryRunner.query('ALTER TABLE "monitors" DROP CONSTRAINT "ck_monitors_target"');
    await queryRunner.query(
      `ALTER TABLE "monitors" ADD CONSTRAINT "ck_monitors_target" CHECK (("kind" = 'http' AND "url" IS NOT NULL) OR "kind" = 'heartbeat' OR ("kind" NOT IN ('http', 'heartbeat') AND "uri" IS NOT NULL))`,
    );
    await queryRunner.query('ALTER TABLE "monitors" DROP CONSTRAINT "ck_monitors_assertions"');
    await queryRunner.query(
      `ALTER TABLE "monitors" ADD CONSTRAINT "ck_monitors_assertions" CHECK (jsonb_array_length("status_code_assertions") <= 10 AND jsonb_array_length("body_assertions") <= 10 AND jsonb_array_length("header_assertions") <= 10 AND jsonb_array_length("record_assertions") <= 10 AND jsonb_array_length("json_assertions") <= 10 AND jsonb_array_length("timing_assertions") <= 10)`,
    );
    await queryRunner.query(
      `ALTER TABLE "monitors" ADD CONSTRAINT "ck_monitors_certificate_expiry_days" CHECK (cardinality("certificate_expiry_days") <= 10)`,
    );
    await queryRunner.query(
      `ALTER TABLE "monitors" ADD CONSTRAINT "ck_monitors_heartbeat" CHECK (("kind" = 'heartbeat') = ("heartbeat" IS NOT NULL))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "monitors" DROP CONSTRAINT "ck_monitors_heartbeat"');
    await queryRunner.query('ALTER TABLE "monitors" DROP CONSTRAINT "ck_monitors_certificate_expiry_days"');
    await queryRunner.query('ALTER TABLE "monitors" DROP CONSTRAINT "ck_monitors_assertions"');
    await queryRunner.query(
      `ALTER TABLE "monitors" ADD CONSTRAINT "ck_monitors_assertions" CHECK (jsonb_array_length("status_code_assertions") <= 10 AND jsonb_array_length("body_assertions") <= 10 AND jsonb_array_length("header_assertions") <= 10 AND jsonb_array_length("record_assertions") <= 10)`,
    );
    await queryRunner.query('ALTER TABLE "monitors" DROP CONSTRAINT "ck_monitors_target"');
    await queryRunner.query(
      `ALTER TABLE "monitors" ADD CONSTRAINT "ck_monitors_target" CHECK (("kind" = 'http' AND "url" IS NOT NULL) OR ("kind" <> 'http' AND "uri" IS NOT NULL))`,
    );
    await queryRunner.query('ALTER TABLE "monitors" DROP CONSTRAINT "ck_monitors_kind"');
    await queryRunner.query(
      `ALTER TABLE "monitors" ADD CONSTRAINT "ck_monitors_kind" CHECK ("kind" IN ('http', 'tcp', 'dns', 'icmp', 'grpc'))`,
    );
    await queryRunner.query('DROP INDEX "ux_monitors_ping_token_hash"');
    for (const column of [
      'ping_token_hash',
      'heartbeat',
      'tls',
      'certificate_expiry_days',
      'tls_verify',
      'timing_assertions',
      'json_assertions',
    ]) {
      await queryRunner.query(`ALTER TABLE "monitors" DROP COLUMN "${column}"`);
    }
    await queryRunner.query('ALTER TABLE "check_results" ALTER COLUMN "kind" TYPE character varying(8)');
    await queryRunner.query('ALTER TABLE "monitors" ALTER COLUMN "kind" TYPE character varying(8)');
  }
}
