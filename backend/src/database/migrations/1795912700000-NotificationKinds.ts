import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Four more notification channel kinds: mattermost, pushover, gotify and matrix. The provider_type
 * check lists the kinds (channels/registry.ts), so it is rebuilt with them.
 */

export class NotificationKinds1795912700000 implements MigrationInterface {
  name = 'NotificationKinds1795912700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "notification_channels" DROP CONSTRAINT "ck_notification_channels_provider"',
    );
    await queryRunner.query(
      `ALTER TABLE "notification_channels" ADD CONSTRAINT "ck_notification_channels_provider" CHECK ("provider_type" IN ('discord', 'email', 'slack', 'pagerduty', 'opsgenie', 'webhook', 'telegram', 'sms', 'whatsapp', 'google_chat', 'grafana_oncall', 'ntfy', 'ms_teams', 'mattermost', 'pushover', 'gotify', 'matrix'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE "notification_channels" DROP CONSTRAINT "ck_notification_channels_provider"',
    );
    await queryRunner.query(
      `ALTER TABLE "notification_channels" ADD CONSTRAINT "ck_notification_channels_provider" CHECK ("provider_type" IN ('discord', 'email', 'slack', 'pagerduty', 'opsgenie', 'webhook', 'telegram', 'sms', 'whatsapp', 'google_chat', 'grafana_oncall', 'ntfy', 'ms_teams'))`,
    );
  }
}
