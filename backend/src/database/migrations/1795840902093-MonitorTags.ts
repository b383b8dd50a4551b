import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Monitor tags; existing monitors have none. */

export class MonitorTags1795840902093 implements MigrationInterface {
  name = 'MonitorTags1795840902093';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"monitors\" ADD \"tags\" text array NOT NULL DEFAULT '{}'");
    await queryRunner.query("ALTER TABLE \"monitors\" ADD CONSTRAINT \"ck_monitors_tags\" CHECK (cardinality(\"tags\") <= 20)");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"monitors\" DROP CONSTRAINT \"ck_monitors_tags\"");
    await queryRunner.query("ALTER TABLE \"monitors\" DROP COLUMN \"tags\"");
  }
}
