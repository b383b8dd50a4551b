import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The origins that may frame a status page; existing pages have none, so no site may frame them. */
export class StatusPageEmbedOrigins1795912345002 implements MigrationInterface {
  name = 'StatusPageEmbedOrigins1795912345002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "status_pages" ADD "embed_origins" text array NOT NULL DEFAULT \'{}\'');
    await queryRunner.query(
      'ALTER TABLE "status_pages" ADD CONSTRAINT "ck_status_pages_embed_origins" CHECK (cardinality("embed_origins") <= 10)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "status_pages" DROP CONSTRAINT "ck_status_pages_embed_origins"');
    await queryRunner.query('ALTER TABLE "status_pages" DROP COLUMN "embed_origins"');
  }
}
