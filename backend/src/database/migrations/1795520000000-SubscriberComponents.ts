import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The components a status-page subscriber chose. Existing subscribers get no rows, which means every
 * component: they keep receiving everything, as before.
 */
export class SubscriberComponents1795520000000 implements MigrationInterface {
  name = 'SubscriberComponents1795520000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "page_subscriber_components" ("subscriber_id" bigint NOT NULL, "component_id" bigint NOT NULL, CONSTRAINT "PK_c4b24282075267c79bda1885291" PRIMARY KEY ("subscriber_id", "component_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "ix_page_subscriber_components_component" ON "page_subscriber_components" ("component_id") ',
    );
    await queryRunner.query(
      'ALTER TABLE "page_subscriber_components" ADD CONSTRAINT "FK_a9721f198a1b990ae3a7fc61b17" FOREIGN KEY ("subscriber_id") REFERENCES "page_subscribers"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "page_subscriber_components" ADD CONSTRAINT "FK_4767587640c509368997d9ddf35" FOREIGN KEY ("component_id") REFERENCES "page_components"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "page_subscriber_components" DROP CONSTRAINT "FK_4767587640c509368997d9ddf35"');
    await queryRunner.query('ALTER TABLE "page_subscriber_components" DROP CONSTRAINT "FK_a9721f198a1b990ae3a7fc61b17"');
    await queryRunner.query('DROP INDEX "public"."ix_page_subscriber_components_component"');
    await queryRunner.query('DROP TABLE "page_subscriber_components"');
  }
}
