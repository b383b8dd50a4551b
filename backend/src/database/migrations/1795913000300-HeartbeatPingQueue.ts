import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Heartbeat pings are stored pending by the intake and applied to their monitors' states by the
 * materializer (heartbeats.service.ts applyPending): `applied_at` marks the applied ones, and a partial
 * index finds the pending ones. Pings stored before this migration were applied by their request.
 */
export class HeartbeatPingQueue1795913000300 implements MigrationInterface {
  name = 'HeartbeatPingQueue1795913000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "heartbeat_pings" ADD "applied_at" TIMESTAMP WITH TIME ZONE');
    await queryRunner.query('UPDATE "heartbeat_pings" SET "applied_at" = "received_at"');
    await queryRunner.query(
      'CREATE INDEX "ix_heartbeat_pings_pending" ON "heartbeat_pings" ("monitor_id", "id") WHERE "applied_at" IS NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."ix_heartbeat_pings_pending"');
    await queryRunner.query('ALTER TABLE "heartbeat_pings" DROP COLUMN "applied_at"');
  }
}
