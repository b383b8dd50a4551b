import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each queued alert delivery gets an event id, sent with every attempt so a receiver can drop a
 * repeated send. Rows already queued draw theirs here (a volatile default is evaluated per row), once;
 * new rows get theirs from the INSERT that queues them, so the column keeps no default.
 */

export class AlertEventIds1795912400000 implements MigrationInterface {
  name = 'AlertEventIds1795912400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "alert_deliveries" ADD "event_id" uuid NOT NULL DEFAULT gen_random_uuid()');
    await queryRunner.query('ALTER TABLE "alert_deliveries" ALTER COLUMN "event_id" DROP DEFAULT');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "alert_deliveries" DROP COLUMN "event_id"');
  }
}
