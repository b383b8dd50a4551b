import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Which agent served each public region, and when last (see agent-presence.service.ts). */
export class AgentPresence1795912600000 implements MigrationInterface {
  name = 'AgentPresence1795912600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "agent_presence" ("region" character varying(64) NOT NULL, "kind" character varying(16) NOT NULL, "agent_id" character varying(255) NOT NULL, "host" character varying(255), "last_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "ck_agent_presence_kind" CHECK ("kind" IN (\'embedded\', \'remote\')), CONSTRAINT "PK_79cf3348bd56b46e61150d4d939" PRIMARY KEY ("region", "kind", "agent_id"))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "agent_presence"');
  }
}
