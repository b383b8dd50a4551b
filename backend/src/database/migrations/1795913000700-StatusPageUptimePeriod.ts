import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The period of the uptime figure a public page shows per component; existing pages show none (off). */
export class StatusPageUptimePeriod1795913000700 implements MigrationInterface {
  name = 'StatusPageUptimePeriod1795913000700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"status_pages\" ADD \"uptime_period\" character varying(16) NOT NULL DEFAULT 'off'");
    await queryRunner.query("ALTER TABLE \"status_pages\" ADD CONSTRAINT \"ck_status_pages_uptime_period\" CHECK (\"uptime_period\" IN ('off', '30d', '90d', 'month', 'quarter'))");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"status_pages\" DROP CONSTRAINT \"ck_status_pages_uptime_period\"");
    await queryRunner.query("ALTER TABLE \"status_pages\" DROP COLUMN \"uptime_period\"");
  }
}
