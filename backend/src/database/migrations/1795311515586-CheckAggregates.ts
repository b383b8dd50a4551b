import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CheckAggregates1795311515586 implements MigrationInterface {
  name = 'CheckAggregates1795311515586';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "check_aggregates" ("monitor_id" bigint NOT NULL, "region" character varying(64) NOT NULL, "bucket_start" TIMESTAMP WITH TIME ZONE NOT NULL, "span" character(1) NOT NULL, "workspace_id" bigint NOT NULL, "successful" integer NOT NULL DEFAULT \'0\', "degraded" integer NOT NULL DEFAULT \'0\', "failed" integer NOT NULL DEFAULT \'0\', "last_ping_at" TIMESTAMP WITH TIME ZONE, "sketch" jsonb NOT NULL DEFAULT \'{}\', CONSTRAINT "PK_e4718168cdc8610513f13d8a7a8" PRIMARY KEY ("monitor_id", "region", "bucket_start", "span"))',
    );
    await queryRunner.query(
      'CREATE INDEX "ix_check_aggregates_monitor_time" ON "check_aggregates" ("monitor_id", "span", "bucket_start") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."ix_check_aggregates_monitor_time"');
    await queryRunner.query('DROP TABLE "check_aggregates"');
  }
}
