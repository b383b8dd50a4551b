import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CheckTriggersByMonitor1795318000000 implements MigrationInterface {
  name = 'CheckTriggersByMonitor1795318000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX "ix_check_triggers_monitor" ON "check_triggers" ("monitor_id", "requested_at") ');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."ix_check_triggers_monitor"');
  }
}
