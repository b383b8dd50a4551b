import type { MigrationInterface, QueryRunner } from 'typeorm';

// Every committed change to what a public status page shows (the page's row, its components and
// groups, its status reports with their updates and components, its maintenances with their
// components) NOTIFYs `page_changes` with the page's id, whoever makes it. Each node's public page
// cache drops that page (public-pages/page-cache.ts) and its custom-domain map reloads
// (public-pages/page-domains.ts). Updates that change nothing do not notify.
const DIRECT = ['status_pages', 'page_components', 'page_component_groups', 'status_reports', 'maintenances'];
const THROUGH = ['status_report_updates', 'status_report_components', 'maintenance_components'];

export class PageChangeNotify1795510000000 implements MigrationInterface {
  name = 'PageChangeNotify1795510000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Rows that belong to a report or maintenance name their page through it; when the parent is
    // already gone (a cascade), the parent's own delete has notified.
    await queryRunner.query(`CREATE FUNCTION "notify_page_change"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        row_data jsonb;
        page text;
      BEGIN
        FOREACH row_data IN ARRAY ARRAY[
          CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END,
          CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END]
        LOOP
          CONTINUE WHEN row_data IS NULL;
          page := CASE TG_TABLE_NAME
            WHEN 'status_pages' THEN row_data->>'id'
            WHEN 'status_report_updates' THEN
              (SELECT r.page_id::text FROM status_reports r WHERE r.id = (row_data->>'report_id')::bigint)
            WHEN 'status_report_components' THEN
              (SELECT r.page_id::text FROM status_reports r WHERE r.id = (row_data->>'report_id')::bigint)
            WHEN 'maintenance_components' THEN
              (SELECT m.page_id::text FROM maintenances m WHERE m.id = (row_data->>'maintenance_id')::bigint)
            ELSE row_data->>'page_id'
          END;
          IF page IS NOT NULL THEN PERFORM pg_notify('page_changes', page); END IF;
        END LOOP;
        RETURN NULL;
      END $$`);
    for (const table of [...DIRECT, ...THROUGH]) {
      await queryRunner.query(
        `CREATE TRIGGER "tr_${table}_page_change_update" AFTER UPDATE ON "${table}" FOR EACH ROW
           WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "notify_page_change"()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "tr_${table}_page_change" AFTER INSERT OR DELETE ON "${table}" FOR EACH ROW
           EXECUTE FUNCTION "notify_page_change"()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [...THROUGH, ...DIRECT].reverse()) {
      await queryRunner.query(`DROP TRIGGER "tr_${table}_page_change" ON "${table}"`);
      await queryRunner.query(`DROP TRIGGER "tr_${table}_page_change_update" ON "${table}"`);
    }
    await queryRunner.query('DROP FUNCTION "notify_page_change"()');
  }
}
