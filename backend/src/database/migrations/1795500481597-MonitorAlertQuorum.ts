import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The per-monitor alert quorum; existing monitors keep 0, the strict majority they alerted on before. */

export class MonitorAlertQuorum1795500481597 implements MigrationInterface {
  name = 'MonitorAlertQuorum1795500481597';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"monitors\" ADD \"alert_quorum\" integer NOT NULL DEFAULT '0'");
    await queryRunner.query("ALTER TABLE \"monitors\" ADD CONSTRAINT \"ck_monitors_alert_quorum\" CHECK (\"alert_quorum\" >= 0 AND \"alert_quorum\" <= 100)");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"monitors\" DROP CONSTRAINT \"ck_monitors_alert_quorum\"");
    await queryRunner.query("ALTER TABLE \"monitors\" DROP COLUMN \"alert_quorum\"");
  }
}
