import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DashboardSessions1795341000000 implements MigrationInterface {
  name = 'DashboardSessions1795341000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"dashboard_sessions\" (\"id\" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, \"token_hash\" character(64) NOT NULL, \"user_id\" bigint NOT NULL, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), \"last_seen_at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"expires_at\" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT \"PK_09c60e2bedb298d55d575d12503\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE UNIQUE INDEX \"uq_dashboard_sessions_token_hash\" ON \"dashboard_sessions\" (\"token_hash\") ");
    await queryRunner.query("CREATE INDEX \"ix_dashboard_sessions_user\" ON \"dashboard_sessions\" (\"user_id\") ");
    await queryRunner.query("CREATE TABLE \"sign_in_links\" (\"id\" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, \"token_hash\" character(64) NOT NULL, \"user_id\" bigint NOT NULL, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), \"expires_at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"used_at\" TIMESTAMP WITH TIME ZONE, CONSTRAINT \"PK_2097ee1b62272fac6526b35398e\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE UNIQUE INDEX \"uq_sign_in_links_token_hash\" ON \"sign_in_links\" (\"token_hash\") ");
    await queryRunner.query("CREATE INDEX \"ix_sign_in_links_user\" ON \"sign_in_links\" (\"user_id\") ");
    await queryRunner.query("ALTER TABLE \"dashboard_sessions\" ADD CONSTRAINT \"FK_6b6e025460444b5f7885bfb0d43\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"sign_in_links\" ADD CONSTRAINT \"FK_35646de82c2b76d041ffdef1ccf\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"sign_in_links\" DROP CONSTRAINT \"FK_35646de82c2b76d041ffdef1ccf\"");
    await queryRunner.query("ALTER TABLE \"dashboard_sessions\" DROP CONSTRAINT \"FK_6b6e025460444b5f7885bfb0d43\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_sign_in_links_user\"");
    await queryRunner.query("DROP INDEX \"public\".\"uq_sign_in_links_token_hash\"");
    await queryRunner.query("DROP TABLE \"sign_in_links\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_dashboard_sessions_user\"");
    await queryRunner.query("DROP INDEX \"public\".\"uq_dashboard_sessions_token_hash\"");
    await queryRunner.query("DROP TABLE \"dashboard_sessions\"");
  }
}
