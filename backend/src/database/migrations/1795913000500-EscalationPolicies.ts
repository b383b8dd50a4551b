import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EscalationPolicies1795913000500 implements MigrationInterface {
  name = 'EscalationPolicies1795913000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"escalation_policies\" (\"id\" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, \"workspace_id\" bigint NOT NULL, \"name\" character varying(256) NOT NULL, \"steps\" jsonb NOT NULL, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), \"updated_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"PK_aea3f30839009e0efd350e4cbc7\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE INDEX \"ix_escalation_policies_workspace\" ON \"escalation_policies\" (\"workspace_id\", \"id\") ");
    await queryRunner.query("ALTER TABLE \"escalation_policies\" ADD CONSTRAINT \"FK_5bc3d2cbe2bbbf8da293a94e9e2\" FOREIGN KEY (\"workspace_id\") REFERENCES \"workspaces\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"escalation_policies\" DROP CONSTRAINT \"FK_5bc3d2cbe2bbbf8da293a94e9e2\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_escalation_policies_workspace\"");
    await queryRunner.query("DROP TABLE \"escalation_policies\"");
  }
}
