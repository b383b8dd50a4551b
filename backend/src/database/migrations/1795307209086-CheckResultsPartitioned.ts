import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Check results are range-partitioned by day on cron_timestamp. Retention detaches and drops whole
 * partitions (see CheckResultPartitions); nothing ever mass-deletes rows. Written by hand because
 * TypeORM does not model partitioned tables (the entity is synchronize: false).
 */
export class CheckResultsPartitioned1795307209086 implements MigrationInterface {
  name = 'CheckResultsPartitioned1795307209086';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE SEQUENCE "check_results_id_seq" AS bigint');
    await queryRunner.query(`CREATE TABLE "check_results" (
      "id" bigint NOT NULL DEFAULT nextval('check_results_id_seq'),
      "cron_timestamp" TIMESTAMP WITH TIME ZONE NOT NULL,
      "workspace_id" bigint NOT NULL,
      "monitor_id" bigint NOT NULL,
      "kind" character varying(8) NOT NULL,
      "region" character varying(64) NOT NULL,
      "trigger" character varying(8) NOT NULL,
      "status" character varying(16) NOT NULL,
      "latency" integer NOT NULL,
      "status_code" smallint,
      "timestamp" TIMESTAMP WITH TIME ZONE NOT NULL,
      "timing" jsonb,
      "url" text,
      "error" jsonb,
      "assertions" jsonb NOT NULL DEFAULT '[]',
      "headers" jsonb,
      "runner" character varying(128),
      CONSTRAINT "pk_check_results" PRIMARY KEY ("id", "cron_timestamp"),
      CONSTRAINT "uq_check_results_run" UNIQUE ("monitor_id", "region", "trigger", "cron_timestamp")
    ) PARTITION BY RANGE ("cron_timestamp")`);
    await queryRunner.query('ALTER SEQUENCE "check_results_id_seq" OWNED BY "check_results"."id"');
    await queryRunner.query(
      'CREATE INDEX "ix_check_results_monitor_time" ON "check_results" ("monitor_id", "cron_timestamp" DESC)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "check_results"');
  }
}
