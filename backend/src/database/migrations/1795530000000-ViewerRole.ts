import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Members may be viewers: read everything, change nothing. */
export class ViewerRole1795530000000 implements MigrationInterface {
  name = 'ViewerRole1795530000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "memberships" DROP CONSTRAINT "ck_memberships_role"');
    await queryRunner.query(
      "ALTER TABLE \"memberships\" ADD CONSTRAINT \"ck_memberships_role\" CHECK (\"role\" IN ('owner', 'admin', 'member', 'viewer'))",
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "memberships" DROP CONSTRAINT "ck_memberships_role"');
    await queryRunner.query(
      "ALTER TABLE \"memberships\" ADD CONSTRAINT \"ck_memberships_role\" CHECK (\"role\" IN ('owner', 'admin', 'member'))",
    );
  }
}
