import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sends of subscription mails per recipient address and per page form over the last hour, shared
 * by every API node (the subscribe form was a mail cannon: each POST for a pending address mailed it).
 */
export class SubscriptionMailQuotas1795912345001 implements MigrationInterface {
  name = 'SubscriptionMailQuotas1795912345001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "subscription_mail_quotas" ("key" character(64) NOT NULL, "sent_at" TIMESTAMP WITH TIME ZONE array NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_subscription_mail_quotas" PRIMARY KEY ("key"))',
    );
    await queryRunner.query(
      'CREATE INDEX "ix_subscription_mail_quotas_expires" ON "subscription_mail_quotas" ("expires_at") ',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."ix_subscription_mail_quotas_expires"');
    await queryRunner.query('DROP TABLE "subscription_mail_quotas"');
  }
}
