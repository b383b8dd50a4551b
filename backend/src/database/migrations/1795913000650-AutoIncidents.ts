import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AutoIncidents1795913000650 implements MigrationInterface {
  name = 'AutoIncidents1795913000650';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"auto_incidents\" (\"id\" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, \"workspace_id\" bigint NOT NULL, \"component_id\" bigint NOT NULL, \"monitor_id\" bigint NOT NULL, \"incident_key\" character varying(64) NOT NULL, \"down_since\" TIMESTAMP WITH TIME ZONE NOT NULL, \"outcome\" character varying(16) NOT NULL, \"report_id\" bigint, \"resolution\" character varying(16), \"resolved_at\" TIMESTAMP WITH TIME ZONE, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"ck_auto_incidents_resolution\" CHECK (\"resolution\" IS NULL OR \"resolution\" IN ('resolved', 'left', 'done')), CONSTRAINT \"ck_auto_incidents_outcome\" CHECK (\"outcome\" IN ('opened', 'existing')), CONSTRAINT \"PK_5dcfd5bf40f684f7407872344f7\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE INDEX \"ix_auto_incidents_report\" ON \"auto_incidents\" (\"report_id\") ");
    await queryRunner.query("CREATE INDEX \"ix_auto_incidents_unresolved\" ON \"auto_incidents\" (\"id\") WHERE \"outcome\" = 'opened' AND \"resolution\" IS NULL");
    await queryRunner.query("CREATE UNIQUE INDEX \"uq_auto_incidents_component_incident\" ON \"auto_incidents\" (\"component_id\", \"incident_key\") ");
    await queryRunner.query("ALTER TABLE \"page_components\" ADD \"auto_incident\" character varying(16) NOT NULL DEFAULT 'off'");
    await queryRunner.query("ALTER TABLE \"page_components\" ADD \"auto_incident_after_minutes\" integer NOT NULL DEFAULT '5'");
    await queryRunner.query("ALTER TABLE \"page_components\" ADD \"auto_incident_notify\" boolean NOT NULL DEFAULT false");
    await queryRunner.query("ALTER TABLE \"page_components\" ADD \"auto_incident_title\" character varying(256) NOT NULL DEFAULT '{{component}} is down'");
    await queryRunner.query("ALTER TABLE \"page_components\" ADD \"auto_incident_message\" character varying(2000) NOT NULL DEFAULT 'We are investigating an outage of {{component}} since {{since}}.'");
    await queryRunner.query("ALTER TABLE \"page_components\" ADD \"auto_resolve\" boolean NOT NULL DEFAULT true");
    await queryRunner.query("ALTER TABLE \"status_reports\" ADD \"draft\" boolean NOT NULL DEFAULT false");
    await queryRunner.query("ALTER TABLE \"page_components\" ADD CONSTRAINT \"ck_page_components_auto_incident_after\" CHECK (\"auto_incident_after_minutes\" >= 1 AND \"auto_incident_after_minutes\" <= 1440)");
    await queryRunner.query("ALTER TABLE \"page_components\" ADD CONSTRAINT \"ck_page_components_auto_incident\" CHECK (\"auto_incident\" IN ('off', 'draft', 'published'))");
    await queryRunner.query("ALTER TABLE \"auto_incidents\" ADD CONSTRAINT \"FK_6be267c5732669b331598c17281\" FOREIGN KEY (\"component_id\") REFERENCES \"page_components\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"auto_incidents\" ADD CONSTRAINT \"FK_b0d1944879f36657172ebbb987f\" FOREIGN KEY (\"report_id\") REFERENCES \"status_reports\"(\"id\") ON DELETE SET NULL ON UPDATE NO ACTION");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"auto_incidents\" DROP CONSTRAINT \"FK_b0d1944879f36657172ebbb987f\"");
    await queryRunner.query("ALTER TABLE \"auto_incidents\" DROP CONSTRAINT \"FK_6be267c5732669b331598c17281\"");
    await queryRunner.query("ALTER TABLE \"page_components\" DROP CONSTRAINT \"ck_page_components_auto_incident\"");
    await queryRunner.query("ALTER TABLE \"page_components\" DROP CONSTRAINT \"ck_page_components_auto_incident_after\"");
    await queryRunner.query("ALTER TABLE \"status_reports\" DROP COLUMN \"draft\"");
    await queryRunner.query("ALTER TABLE \"page_components\" DROP COLUMN \"auto_resolve\"");
    await queryRunner.query("ALTER TABLE \"page_components\" DROP COLUMN \"auto_incident_message\"");
    await queryRunner.query("ALTER TABLE \"page_components\" DROP COLUMN \"auto_incident_title\"");
    await queryRunner.query("ALTER TABLE \"page_components\" DROP COLUMN \"auto_incident_notify\"");
    await queryRunner.query("ALTER TABLE \"page_components\" DROP COLUMN \"auto_incident_after_minutes\"");
    await queryRunner.query("ALTER TABLE \"page_components\" DROP COLUMN \"auto_incident\"");
    await queryRunner.query("DROP INDEX \"public\".\"uq_auto_incidents_component_incident\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_auto_incidents_unresolved\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_auto_incidents_report\"");
    await queryRunner.query("DROP TABLE \"auto_incidents\"");
  }
}
