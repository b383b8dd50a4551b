import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1795307197237 implements MigrationInterface {
  name = 'Initial1795307197237';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "users" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "email" character varying(320) NOT NULL, "name" character varying(256) NOT NULL DEFAULT \'\', "password_hash" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE UNIQUE INDEX "uq_users_email" ON "users" ("email") ');
    await queryRunner.query(
      'CREATE TABLE "workspaces" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "slug" character varying(64) NOT NULL, "name" character varying(256) NOT NULL, "plan" character varying(32) NOT NULL DEFAULT \'pro\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_098656ae401f3e1a4586f47fd8e" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE UNIQUE INDEX "uq_workspaces_slug" ON "workspaces" ("slug") ');
    await queryRunner.query(
      'CREATE TABLE "api_keys" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "workspace_id" bigint NOT NULL, "name" character varying(256) NOT NULL, "prefix" character varying(32) NOT NULL, "secret_hash" character(64) NOT NULL, "scope" character varying(8) NOT NULL, "created_by_user_id" bigint, "last_used_at" TIMESTAMP WITH TIME ZONE, "expires_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_api_keys_scope" CHECK ("scope" IN (\'read\', \'write\')), CONSTRAINT "PK_5c8a79801b44bd27b79228e1dad" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "ix_api_keys_workspace" ON "api_keys" ("workspace_id") ');
    await queryRunner.query('CREATE UNIQUE INDEX "uq_api_keys_prefix" ON "api_keys" ("prefix") ');
    await queryRunner.query(
      'CREATE TABLE "audit_logs" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "workspace_id" bigint NOT NULL, "action" character varying(64) NOT NULL, "entity_type" character varying(64) NOT NULL, "entity_id" character varying(64) NOT NULL, "actor_type" character varying(16) NOT NULL, "actor_id" character varying(128) NOT NULL, "actor_user_id" bigint, "via" character varying(16) NOT NULL, "changed_fields" text array NOT NULL DEFAULT \'{}\', "before" jsonb, "after" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1bb179d048bbc581caa3b013439" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "ix_audit_logs_entity" ON "audit_logs" ("workspace_id", "entity_type", "entity_id") ',
    );
    await queryRunner.query(
      'CREATE INDEX "ix_audit_logs_workspace_time" ON "audit_logs" ("workspace_id", "created_at") ',
    );
    await queryRunner.query(
      'CREATE TABLE "monitors" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "workspace_id" bigint NOT NULL, "kind" character varying(8) NOT NULL, "name" character varying(256) NOT NULL, "description" character varying(1024) NOT NULL DEFAULT \'\', "url" character varying(2048), "uri" character varying(2048), "periodicity" character varying(4) NOT NULL, "method" character varying(8) NOT NULL DEFAULT \'GET\', "body" text NOT NULL DEFAULT \'\', "headers" jsonb NOT NULL DEFAULT \'[]\', "timeout" integer NOT NULL DEFAULT \'45000\', "retry" smallint NOT NULL DEFAULT \'3\', "follow_redirects" boolean NOT NULL DEFAULT true, "regions" text array NOT NULL DEFAULT \'{}\', "active" boolean NOT NULL DEFAULT false, "public" boolean NOT NULL DEFAULT false, "degraded_at" integer, "status_code_assertions" jsonb NOT NULL DEFAULT \'[]\', "body_assertions" jsonb NOT NULL DEFAULT \'[]\', "header_assertions" jsonb NOT NULL DEFAULT \'[]\', "record_assertions" jsonb NOT NULL DEFAULT \'[]\', "open_telemetry" jsonb, "grpc" jsonb, "status" character varying(16) NOT NULL DEFAULT \'unknown\', "deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_monitors_assertions" CHECK (jsonb_array_length("status_code_assertions") <= 10 AND jsonb_array_length("body_assertions") <= 10 AND jsonb_array_length("header_assertions") <= 10 AND jsonb_array_length("record_assertions") <= 10), CONSTRAINT "ck_monitors_headers" CHECK (jsonb_array_length("headers") <= 20), CONSTRAINT "ck_monitors_target" CHECK (("kind" = \'http\' AND "url" IS NOT NULL) OR ("kind" <> \'http\' AND "uri" IS NOT NULL)), CONSTRAINT "ck_monitors_degraded_at" CHECK ("degraded_at" IS NULL OR "degraded_at" >= 0), CONSTRAINT "ck_monitors_retry" CHECK ("retry" >= 0 AND "retry" <= 10), CONSTRAINT "ck_monitors_timeout" CHECK ("timeout" >= 0 AND "timeout" <= 120000), CONSTRAINT "ck_monitors_status" CHECK ("status" IN (\'active\', \'degraded\', \'error\', \'unknown\')), CONSTRAINT "ck_monitors_method" CHECK ("method" IN (\'GET\', \'POST\', \'HEAD\', \'PUT\', \'PATCH\', \'DELETE\', \'OPTIONS\', \'TRACE\', \'CONNECT\')), CONSTRAINT "ck_monitors_periodicity" CHECK ("periodicity" IN (\'30s\', \'1m\', \'5m\', \'10m\', \'30m\', \'1h\')), CONSTRAINT "ck_monitors_kind" CHECK ("kind" IN (\'http\', \'tcp\', \'dns\', \'icmp\', \'grpc\')), CONSTRAINT "PK_193902e2013887310490284cdbe" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "ix_monitors_workspace" ON "monitors" ("workspace_id", "id") ');
    await queryRunner.query(
      'CREATE TABLE "status_pages" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "workspace_id" bigint NOT NULL, "title" character varying(256) NOT NULL, "slug" character varying(256) NOT NULL, "description" character varying(1024) NOT NULL DEFAULT \'\', "homepage_url" character varying(2048), "contact_url" character varying(2048), "icon" character varying(2048), "custom_domain" character varying(253), "access_type" character varying(16) NOT NULL DEFAULT \'public\', "password_hash" text, "auth_email_domains" text array NOT NULL DEFAULT \'{}\', "allowed_ip_ranges" text, "theme" character varying(64) NOT NULL DEFAULT \'default\', "custom_theme" jsonb, "default_locale" character varying(16) NOT NULL DEFAULT \'en\', "locales" text array NOT NULL DEFAULT \'{}\', "allow_index" boolean NOT NULL DEFAULT true, "published" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_status_pages_password" CHECK ("access_type" <> \'password\' OR "password_hash" IS NOT NULL), CONSTRAINT "ck_status_pages_slug" CHECK (char_length("slug") >= 1), CONSTRAINT "ck_status_pages_title" CHECK (char_length("title") >= 1), CONSTRAINT "ck_status_pages_access_type" CHECK ("access_type" IN (\'public\', \'password\', \'email-domain\', \'ip-restriction\')), CONSTRAINT "PK_360e97c9c5ba8a8f5ca88315028" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "ix_status_pages_workspace" ON "status_pages" ("workspace_id") ');
    await queryRunner.query('CREATE UNIQUE INDEX "uq_status_pages_slug" ON "status_pages" ("slug") ');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_status_pages_custom_domain" ON "status_pages" ("custom_domain") WHERE custom_domain IS NOT NULL',
    );
    await queryRunner.query(
      'CREATE TABLE "page_component_groups" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "workspace_id" bigint NOT NULL, "page_id" bigint NOT NULL, "name" character varying(256) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_page_component_groups_name" CHECK (char_length("name") >= 1), CONSTRAINT "PK_cdef7db805b7919428bdec48412" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "ix_page_component_groups_page" ON "page_component_groups" ("page_id") ');
    await queryRunner.query(
      'CREATE TABLE "page_components" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "workspace_id" bigint NOT NULL, "page_id" bigint NOT NULL, "type" character varying(8) NOT NULL, "monitor_id" bigint, "name" character varying(256) NOT NULL DEFAULT \'\', "description" character varying(1024) NOT NULL DEFAULT \'\', "order" integer NOT NULL DEFAULT \'0\', "group_id" bigint, "group_order" integer NOT NULL DEFAULT \'0\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_page_components_monitor" CHECK ("type" <> \'monitor\' OR "monitor_id" IS NOT NULL), CONSTRAINT "ck_page_components_type" CHECK ("type" IN (\'monitor\', \'static\')), CONSTRAINT "PK_09fcd3ca932e0503eb96bdbf1c5" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "ix_page_components_page" ON "page_components" ("page_id") ');
    await queryRunner.query('CREATE INDEX "ix_page_components_monitor" ON "page_components" ("monitor_id") ');
    await queryRunner.query(
      'CREATE TABLE "maintenances" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "workspace_id" bigint NOT NULL, "page_id" bigint NOT NULL, "title" character varying(256) NOT NULL, "message" text NOT NULL DEFAULT \'\', "from" TIMESTAMP WITH TIME ZONE NOT NULL, "to" TIMESTAMP WITH TIME ZONE NOT NULL, "notified_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_maintenances_window" CHECK ("to" > "from"), CONSTRAINT "PK_62403473bd524a42d58589aa78b" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "ix_maintenances_page" ON "maintenances" ("page_id") ');
    await queryRunner.query('CREATE INDEX "ix_maintenances_workspace" ON "maintenances" ("workspace_id", "id") ');
    await queryRunner.query(
      'CREATE TABLE "maintenance_components" ("maintenance_id" bigint NOT NULL, "component_id" bigint NOT NULL, CONSTRAINT "PK_8e6cb2820ad007b670aa0f23b60" PRIMARY KEY ("maintenance_id", "component_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "ix_maintenance_components_component" ON "maintenance_components" ("component_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "monitor_region_statuses" ("monitor_id" bigint NOT NULL, "region" character varying(32) NOT NULL, "workspace_id" bigint NOT NULL, "status" character varying(16) NOT NULL, "last_checked_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b3b2962c544334e7fb6ab978e6b" PRIMARY KEY ("monitor_id", "region"))',
    );
    await queryRunner.query(
      "CREATE TABLE \"notification_channels\" (\"id\" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, \"workspace_id\" bigint NOT NULL, \"name\" character varying(256) NOT NULL DEFAULT '', \"provider_type\" character varying(32) NOT NULL, \"config\" jsonb NOT NULL DEFAULT '{}', \"secrets_sealed\" text, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), \"updated_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"ck_notification_channels_provider\" CHECK (\"provider_type\" IN ('discord', 'email', 'slack', 'pagerduty', 'opsgenie', 'webhook', 'telegram', 'sms', 'whatsapp', 'google_chat', 'grafana_oncall', 'ntfy', 'ms_teams')), CONSTRAINT \"PK_3bc0cb5b60e8659f5fc859b2af0\" PRIMARY KEY (\"id\"))",
    );
    await queryRunner.query(
      'CREATE INDEX "ix_notification_channels_workspace" ON "notification_channels" ("workspace_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "notification_channel_monitors" ("channel_id" bigint NOT NULL, "monitor_id" bigint NOT NULL, CONSTRAINT "PK_7764ea43e003940cce6b65972c6" PRIMARY KEY ("channel_id", "monitor_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "ix_notification_channel_monitors_monitor" ON "notification_channel_monitors" ("monitor_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "oauth_clients" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "client_id" character varying(2048) NOT NULL, "client_name" character varying(256) NOT NULL DEFAULT \'\', "redirect_uris" text array NOT NULL, "metadata" jsonb NOT NULL DEFAULT \'{}\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c4759172d3431bae6f04e678e0d" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE UNIQUE INDEX "uq_oauth_clients_client_id" ON "oauth_clients" ("client_id") ');
    await queryRunner.query(
      'CREATE TABLE "oauth_grants" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "client_id" character varying(2048) NOT NULL, "client_name" character varying(256) NOT NULL DEFAULT \'\', "user_id" bigint NOT NULL, "workspace_id" bigint NOT NULL, "scope" character varying(8) NOT NULL, "last_used_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_oauth_grants_scope" CHECK ("scope" IN (\'read\', \'write\')), CONSTRAINT "PK_197229704270fa696b539aa1a22" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "ix_oauth_grants_workspace" ON "oauth_grants" ("workspace_id") ');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_oauth_grants_live" ON "oauth_grants" ("client_id", "user_id") WHERE revoked_at IS NULL',
    );
    await queryRunner.query(
      'CREATE TABLE "oauth_authorization_codes" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "code_hash" character(64) NOT NULL, "client_id" character varying(2048) NOT NULL, "user_id" bigint NOT NULL, "workspace_id" bigint NOT NULL, "scope" character varying(8) NOT NULL, "redirect_uri" text NOT NULL, "code_challenge" character varying(128) NOT NULL, "resource" text, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "consumed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_441350d3fce3606534fbb2c1197" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_oauth_authorization_codes_hash" ON "oauth_authorization_codes" ("code_hash") ',
    );
    await queryRunner.query(
      'CREATE TABLE "oauth_tokens" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "grant_id" bigint NOT NULL, "kind" character varying(8) NOT NULL, "token_hash" character(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_oauth_tokens_kind" CHECK ("kind" IN (\'access\', \'refresh\')), CONSTRAINT "PK_71c8b8060826696206f973554fd" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "ix_oauth_tokens_grant" ON "oauth_tokens" ("grant_id") ');
    await queryRunner.query('CREATE UNIQUE INDEX "uq_oauth_tokens_hash" ON "oauth_tokens" ("token_hash") ');
    await queryRunner.query(
      'CREATE TABLE "private_locations" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "workspace_id" bigint NOT NULL, "name" character varying(256) NOT NULL, "metadata" jsonb NOT NULL DEFAULT \'{}\', "token_sealed" text NOT NULL, "token_hash" character(64) NOT NULL, "last_seen_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0fbcd42f803b8e62eaf35572d67" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "ix_private_locations_workspace" ON "private_locations" ("workspace_id") ');
    await queryRunner.query('CREATE UNIQUE INDEX "uq_private_locations_token" ON "private_locations" ("token_hash") ');
    await queryRunner.query(
      'CREATE TABLE "private_location_monitors" ("private_location_id" bigint NOT NULL, "monitor_id" bigint NOT NULL, CONSTRAINT "PK_4d64a3797336a3befbc5996752d" PRIMARY KEY ("private_location_id", "monitor_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "ix_private_location_monitors_monitor" ON "private_location_monitors" ("monitor_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "page_subscribers" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "workspace_id" bigint NOT NULL, "page_id" bigint NOT NULL, "email" character varying(320) NOT NULL, "token_hash" character(64) NOT NULL, "confirmed_at" TIMESTAMP WITH TIME ZONE, "unsubscribed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6d9812d28508163061a554d0fe5" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE UNIQUE INDEX "uq_page_subscribers_token" ON "page_subscribers" ("token_hash") ');
    await queryRunner.query(
      'CREATE UNIQUE INDEX "uq_page_subscribers_email" ON "page_subscribers" ("page_id", "email") ',
    );
    await queryRunner.query(
      'CREATE TABLE "status_reports" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "workspace_id" bigint NOT NULL, "page_id" bigint NOT NULL, "title" character varying(256) NOT NULL, "status" character varying(16) NOT NULL, "resolved_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_status_reports_status" CHECK ("status" IN (\'investigating\', \'identified\', \'monitoring\', \'resolved\')), CONSTRAINT "PK_5b303afd85233dce17c88c519ca" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "ix_status_reports_page" ON "status_reports" ("page_id") ');
    await queryRunner.query('CREATE INDEX "ix_status_reports_workspace" ON "status_reports" ("workspace_id", "id") ');
    await queryRunner.query(
      'CREATE TABLE "status_report_updates" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "workspace_id" bigint NOT NULL, "report_id" bigint NOT NULL, "status" character varying(16) NOT NULL, "message" text NOT NULL, "date" TIMESTAMP WITH TIME ZONE NOT NULL, "notified_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_status_report_updates_status" CHECK ("status" IN (\'investigating\', \'identified\', \'monitoring\', \'resolved\')), CONSTRAINT "PK_57c36d6a0ca6016cebb6764a3a3" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "ix_status_report_updates_report" ON "status_report_updates" ("report_id") ');
    await queryRunner.query(
      'CREATE TABLE "status_report_components" ("report_id" bigint NOT NULL, "component_id" bigint NOT NULL, CONSTRAINT "PK_970a67bb9913a8715aa79282ddc" PRIMARY KEY ("report_id", "component_id"))',
    );
    await queryRunner.query(
      'CREATE INDEX "ix_status_report_components_component" ON "status_report_components" ("component_id") ',
    );
    await queryRunner.query(
      'CREATE TABLE "memberships" ("workspace_id" bigint NOT NULL, "user_id" bigint NOT NULL, "role" character varying(16) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_memberships_role" CHECK ("role" IN (\'owner\', \'admin\', \'member\')), CONSTRAINT "PK_b30e6ce2c364503f9840fa6440b" PRIMARY KEY ("workspace_id", "user_id"))',
    );
    await queryRunner.query('CREATE INDEX "ix_memberships_user" ON "memberships" ("user_id") ');
    await queryRunner.query(
      'ALTER TABLE "api_keys" ADD CONSTRAINT "FK_deb68fe8625b21785d1c48283e4" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "api_keys" ADD CONSTRAINT "FK_522917da2d9d41d41f7a4e367f0" FOREIGN KEY ("created_by_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "monitors" ADD CONSTRAINT "FK_f637e577591bc7381c9f9b98b7a" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "status_pages" ADD CONSTRAINT "FK_78287a3c1e769b2b1c29238c065" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "page_component_groups" ADD CONSTRAINT "FK_52ddb296740ae3b1f39a4866478" FOREIGN KEY ("page_id") REFERENCES "status_pages"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "page_components" ADD CONSTRAINT "FK_4d4becc37c110a84cbef060b9e5" FOREIGN KEY ("page_id") REFERENCES "status_pages"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "page_components" ADD CONSTRAINT "FK_c306c2169d9e4af582f04c1f109" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE RESTRICT ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "page_components" ADD CONSTRAINT "FK_ac0b958b3684ec0124186ab0a71" FOREIGN KEY ("group_id") REFERENCES "page_component_groups"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "maintenances" ADD CONSTRAINT "FK_c1618eb228d13d72b11e5c508cf" FOREIGN KEY ("page_id") REFERENCES "status_pages"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "maintenance_components" ADD CONSTRAINT "FK_7721e7151262b411b8f6531dd84" FOREIGN KEY ("maintenance_id") REFERENCES "maintenances"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "maintenance_components" ADD CONSTRAINT "FK_e2ba54aa950b61125ed194c119c" FOREIGN KEY ("component_id") REFERENCES "page_components"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "monitor_region_statuses" ADD CONSTRAINT "FK_831c56d700ec4f5380dd1ef451f" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "notification_channels" ADD CONSTRAINT "FK_5544a13a0f944c5253eed423953" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "notification_channel_monitors" ADD CONSTRAINT "FK_b5961b8a377358c47fadd185525" FOREIGN KEY ("channel_id") REFERENCES "notification_channels"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "notification_channel_monitors" ADD CONSTRAINT "FK_455921d678defa21a153391c409" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "oauth_grants" ADD CONSTRAINT "FK_7c995394933a14c9235b4b0bd88" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "oauth_grants" ADD CONSTRAINT "FK_76dc4cd26ec9a0e8d9c13f1f96b" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "oauth_tokens" ADD CONSTRAINT "FK_07c605221e8078326fa6e0da8f1" FOREIGN KEY ("grant_id") REFERENCES "oauth_grants"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "private_locations" ADD CONSTRAINT "FK_74a83dd3324926ca45ca2058e7f" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "private_location_monitors" ADD CONSTRAINT "FK_bdbbf7c728541fa5ea9eaacd59b" FOREIGN KEY ("private_location_id") REFERENCES "private_locations"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "private_location_monitors" ADD CONSTRAINT "FK_c6266a2a76907cd39b28952944a" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "page_subscribers" ADD CONSTRAINT "FK_a8262b479407eb4e8ceb2abed38" FOREIGN KEY ("page_id") REFERENCES "status_pages"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "status_reports" ADD CONSTRAINT "FK_f4ad837a768c0d47c6035bec004" FOREIGN KEY ("page_id") REFERENCES "status_pages"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "status_report_updates" ADD CONSTRAINT "FK_7d9d5ca3d7678773bd8e2e15a7f" FOREIGN KEY ("report_id") REFERENCES "status_reports"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "status_report_components" ADD CONSTRAINT "FK_2f3f21cfb53e0bf2e2567ed619f" FOREIGN KEY ("report_id") REFERENCES "status_reports"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "status_report_components" ADD CONSTRAINT "FK_1e1aa6c22f2d7e0a6e8e9eb6572" FOREIGN KEY ("component_id") REFERENCES "page_components"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "memberships" ADD CONSTRAINT "FK_9b76ecf1dda18a6adec17fe71c4" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "memberships" ADD CONSTRAINT "FK_7c1e2fdfed4f6838e0c05ae5051" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "memberships" DROP CONSTRAINT "FK_7c1e2fdfed4f6838e0c05ae5051"');
    await queryRunner.query('ALTER TABLE "memberships" DROP CONSTRAINT "FK_9b76ecf1dda18a6adec17fe71c4"');
    await queryRunner.query('ALTER TABLE "status_report_components" DROP CONSTRAINT "FK_1e1aa6c22f2d7e0a6e8e9eb6572"');
    await queryRunner.query('ALTER TABLE "status_report_components" DROP CONSTRAINT "FK_2f3f21cfb53e0bf2e2567ed619f"');
    await queryRunner.query('ALTER TABLE "status_report_updates" DROP CONSTRAINT "FK_7d9d5ca3d7678773bd8e2e15a7f"');
    await queryRunner.query('ALTER TABLE "status_reports" DROP CONSTRAINT "FK_f4ad837a768c0d47c6035bec004"');
    await queryRunner.query('ALTER TABLE "page_subscribers" DROP CONSTRAINT "FK_a8262b479407eb4e8ceb2abed38"');
    await queryRunner.query('ALTER TABLE "private_location_monitors" DROP CONSTRAINT "FK_c6266a2a76907cd39b28952944a"');
    await queryRunner.query('ALTER TABLE "private_location_monitors" DROP CONSTRAINT "FK_bdbbf7c728541fa5ea9eaacd59b"');
    await queryRunner.query('ALTER TABLE "private_locations" DROP CONSTRAINT "FK_74a83dd3324926ca45ca2058e7f"');
    await queryRunner.query('ALTER TABLE "oauth_tokens" DROP CONSTRAINT "FK_07c605221e8078326fa6e0da8f1"');
    await queryRunner.query('ALTER TABLE "oauth_grants" DROP CONSTRAINT "FK_76dc4cd26ec9a0e8d9c13f1f96b"');
    await queryRunner.query('ALTER TABLE "oauth_grants" DROP CONSTRAINT "FK_7c995394933a14c9235b4b0bd88"');
    await queryRunner.query(
      'ALTER TABLE "notification_channel_monitors" DROP CONSTRAINT "FK_455921d678defa21a153391c409"',
    );
    await queryRunner.query(
      'ALTER TABLE "notification_channel_monitors" DROP CONSTRAINT "FK_b5961b8a377358c47fadd185525"',
    );
    await queryRunner.query('ALTER TABLE "notification_channels" DROP CONSTRAINT "FK_5544a13a0f944c5253eed423953"');
    await queryRunner.query('ALTER TABLE "monitor_region_statuses" DROP CONSTRAINT "FK_831c56d700ec4f5380dd1ef451f"');
    await queryRunner.query('ALTER TABLE "maintenance_components" DROP CONSTRAINT "FK_e2ba54aa950b61125ed194c119c"');
    await queryRunner.query('ALTER TABLE "maintenance_components" DROP CONSTRAINT "FK_7721e7151262b411b8f6531dd84"');
    await queryRunner.query('ALTER TABLE "maintenances" DROP CONSTRAINT "FK_c1618eb228d13d72b11e5c508cf"');
    await queryRunner.query('ALTER TABLE "page_components" DROP CONSTRAINT "FK_ac0b958b3684ec0124186ab0a71"');
    await queryRunner.query('ALTER TABLE "page_components" DROP CONSTRAINT "FK_c306c2169d9e4af582f04c1f109"');
    await queryRunner.query('ALTER TABLE "page_components" DROP CONSTRAINT "FK_4d4becc37c110a84cbef060b9e5"');
    await queryRunner.query('ALTER TABLE "page_component_groups" DROP CONSTRAINT "FK_52ddb296740ae3b1f39a4866478"');
    await queryRunner.query('ALTER TABLE "status_pages" DROP CONSTRAINT "FK_78287a3c1e769b2b1c29238c065"');
    await queryRunner.query('ALTER TABLE "monitors" DROP CONSTRAINT "FK_f637e577591bc7381c9f9b98b7a"');
    await queryRunner.query('ALTER TABLE "api_keys" DROP CONSTRAINT "FK_522917da2d9d41d41f7a4e367f0"');
    await queryRunner.query('ALTER TABLE "api_keys" DROP CONSTRAINT "FK_deb68fe8625b21785d1c48283e4"');
    await queryRunner.query('DROP INDEX "public"."ix_memberships_user"');
    await queryRunner.query('DROP TABLE "memberships"');
    await queryRunner.query('DROP INDEX "public"."ix_status_report_components_component"');
    await queryRunner.query('DROP TABLE "status_report_components"');
    await queryRunner.query('DROP INDEX "public"."ix_status_report_updates_report"');
    await queryRunner.query('DROP TABLE "status_report_updates"');
    await queryRunner.query('DROP INDEX "public"."ix_status_reports_workspace"');
    await queryRunner.query('DROP INDEX "public"."ix_status_reports_page"');
    await queryRunner.query('DROP TABLE "status_reports"');
    await queryRunner.query('DROP INDEX "public"."uq_page_subscribers_email"');
    await queryRunner.query('DROP INDEX "public"."uq_page_subscribers_token"');
    await queryRunner.query('DROP TABLE "page_subscribers"');
    await queryRunner.query('DROP INDEX "public"."ix_private_location_monitors_monitor"');
    await queryRunner.query('DROP TABLE "private_location_monitors"');
    await queryRunner.query('DROP INDEX "public"."uq_private_locations_token"');
    await queryRunner.query('DROP INDEX "public"."ix_private_locations_workspace"');
    await queryRunner.query('DROP TABLE "private_locations"');
    await queryRunner.query('DROP INDEX "public"."uq_oauth_tokens_hash"');
    await queryRunner.query('DROP INDEX "public"."ix_oauth_tokens_grant"');
    await queryRunner.query('DROP TABLE "oauth_tokens"');
    await queryRunner.query('DROP INDEX "public"."uq_oauth_authorization_codes_hash"');
    await queryRunner.query('DROP TABLE "oauth_authorization_codes"');
    await queryRunner.query('DROP INDEX "public"."uq_oauth_grants_live"');
    await queryRunner.query('DROP INDEX "public"."ix_oauth_grants_workspace"');
    await queryRunner.query('DROP TABLE "oauth_grants"');
    await queryRunner.query('DROP INDEX "public"."uq_oauth_clients_client_id"');
    await queryRunner.query('DROP TABLE "oauth_clients"');
    await queryRunner.query('DROP INDEX "public"."ix_notification_channel_monitors_monitor"');
    await queryRunner.query('DROP TABLE "notification_channel_monitors"');
    await queryRunner.query('DROP INDEX "public"."ix_notification_channels_workspace"');
    await queryRunner.query('DROP TABLE "notification_channels"');
    await queryRunner.query('DROP TABLE "monitor_region_statuses"');
    await queryRunner.query('DROP INDEX "public"."ix_maintenance_components_component"');
    await queryRunner.query('DROP TABLE "maintenance_components"');
    await queryRunner.query('DROP INDEX "public"."ix_maintenances_workspace"');
    await queryRunner.query('DROP INDEX "public"."ix_maintenances_page"');
    await queryRunner.query('DROP TABLE "maintenances"');
    await queryRunner.query('DROP INDEX "public"."ix_page_components_monitor"');
    await queryRunner.query('DROP INDEX "public"."ix_page_components_page"');
    await queryRunner.query('DROP TABLE "page_components"');
    await queryRunner.query('DROP INDEX "public"."ix_page_component_groups_page"');
    await queryRunner.query('DROP TABLE "page_component_groups"');
    await queryRunner.query('DROP INDEX "public"."uq_status_pages_custom_domain"');
    await queryRunner.query('DROP INDEX "public"."uq_status_pages_slug"');
    await queryRunner.query('DROP INDEX "public"."ix_status_pages_workspace"');
    await queryRunner.query('DROP TABLE "status_pages"');
    await queryRunner.query('DROP INDEX "public"."ix_monitors_workspace"');
    await queryRunner.query('DROP TABLE "monitors"');
    await queryRunner.query('DROP INDEX "public"."ix_audit_logs_workspace_time"');
    await queryRunner.query('DROP INDEX "public"."ix_audit_logs_entity"');
    await queryRunner.query('DROP TABLE "audit_logs"');
    await queryRunner.query('DROP INDEX "public"."uq_api_keys_prefix"');
    await queryRunner.query('DROP INDEX "public"."ix_api_keys_workspace"');
    await queryRunner.query('DROP TABLE "api_keys"');
    await queryRunner.query('DROP INDEX "public"."uq_workspaces_slug"');
    await queryRunner.query('DROP TABLE "workspaces"');
    await queryRunner.query('DROP INDEX "public"."uq_users_email"');
    await queryRunner.query('DROP TABLE "users"');
  }
}
