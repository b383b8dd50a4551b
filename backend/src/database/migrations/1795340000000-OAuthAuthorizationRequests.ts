import type { MigrationInterface, QueryRunner } from 'typeorm';

// The authorization server's pending requests (between /oauth/authorize and the consent screen), and
// on each code the client name it was approved under and the grant it created (a replayed code
// revokes that grant).
export class OAuthAuthorizationRequests1795340000000 implements MigrationInterface {
  name = 'OAuthAuthorizationRequests1795340000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "oauth_authorization_requests" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "request_hash" character(64) NOT NULL, "client_id" character varying(2048) NOT NULL, "client_name" character varying(256) NOT NULL DEFAULT \'\', "redirect_uri" text NOT NULL, "all_loopback" boolean NOT NULL DEFAULT false, "code_challenge" character varying(128) NOT NULL, "state" text, "scope" character varying(8) NOT NULL, "resource" text, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "answered_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_oauth_authorization_requests_scope" CHECK ("scope" IN (\'read\', \'write\')), CONSTRAINT "PK_oauth_authorization_requests" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_oauth_authorization_requests_hash" ON "oauth_authorization_requests" ("request_hash") ',
    );
    await queryRunner.query(
      'ALTER TABLE "oauth_authorization_codes" ADD "client_name" character varying(256) NOT NULL DEFAULT \'\'',
    );
    await queryRunner.query('ALTER TABLE "oauth_authorization_codes" ADD "grant_id" bigint');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "oauth_authorization_codes" DROP COLUMN "grant_id"');
    await queryRunner.query('ALTER TABLE "oauth_authorization_codes" DROP COLUMN "client_name"');
    await queryRunner.query('DROP INDEX "public"."uq_oauth_authorization_requests_hash"');
    await queryRunner.query('DROP TABLE "oauth_authorization_requests"');
  }
}
