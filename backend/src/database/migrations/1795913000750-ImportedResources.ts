import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ImportedResources1795913000750 implements MigrationInterface {
  name = 'ImportedResources1795913000750';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"imported_resources\" (\"id\" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, \"workspace_id\" bigint NOT NULL, \"source\" character varying(32) NOT NULL, \"item_kind\" character varying(32) NOT NULL, \"source_key\" character varying(512) NOT NULL, \"resource_id\" bigint NOT NULL, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"PK_e94185b4833cc1613858d44c3ae\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE UNIQUE INDEX \"uq_imported_resources_key\" ON \"imported_resources\" (\"workspace_id\", \"source\", \"item_kind\", \"source_key\") ");
    await queryRunner.query("ALTER TABLE \"imported_resources\" ADD CONSTRAINT \"FK_c46343f4102f1ee75d03c58f870\" FOREIGN KEY (\"workspace_id\") REFERENCES \"workspaces\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"imported_resources\" DROP CONSTRAINT \"FK_c46343f4102f1ee75d03c58f870\"");
    await queryRunner.query("DROP INDEX \"public\".\"uq_imported_resources_key\"");
    await queryRunner.query("DROP TABLE \"imported_resources\"");
  }
}
