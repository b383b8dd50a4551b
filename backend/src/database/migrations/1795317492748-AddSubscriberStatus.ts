import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Subscribers get an explicit status. Rows from before it are backfilled from their timestamps
 * (generated, then the UPDATE added by hand).
 */
export class AddSubscriberStatus1795317492748 implements MigrationInterface {
  name = 'AddSubscriberStatus1795317492748';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"page_subscribers\" ADD \"status\" character varying(16) NOT NULL DEFAULT 'pending'");
    await queryRunner.query(
      "UPDATE \"page_subscribers\" SET \"status\" = CASE WHEN \"unsubscribed_at\" IS NOT NULL THEN 'unsubscribed' WHEN \"confirmed_at\" IS NOT NULL THEN 'confirmed' ELSE 'pending' END",
    );
    await queryRunner.query("CREATE INDEX \"ix_page_subscribers_page_status\" ON \"page_subscribers\" (\"page_id\", \"status\", \"id\") ");
    await queryRunner.query("ALTER TABLE \"page_subscribers\" ADD CONSTRAINT \"ck_page_subscribers_status\" CHECK (\"status\" IN ('pending', 'confirmed', 'unsubscribed'))");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"page_subscribers\" DROP CONSTRAINT \"ck_page_subscribers_status\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_page_subscribers_page_status\"");
    await queryRunner.query("ALTER TABLE \"page_subscribers\" DROP COLUMN \"status\"");
  }
}
