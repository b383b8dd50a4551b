import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Region statuses also hold private locations (`private-location:<id>`), longer than 32 characters
 * for large ids. Written by hand: the generated version dropped and re-added the column, losing data.
 */
export class WidenRegionStatusRegion1795313281093 implements MigrationInterface {
  name = 'WidenRegionStatusRegion1795313281093';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "monitor_region_statuses" ALTER COLUMN "region" TYPE character varying(64)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "monitor_region_statuses" ALTER COLUMN "region" TYPE character varying(32)');
  }
}
