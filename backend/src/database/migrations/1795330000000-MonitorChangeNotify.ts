import type { MigrationInterface, QueryRunner } from 'typeorm';

// Every committed change to what GetMonitor answers (a monitor's row, its derived status, the private
// locations that run it) NOTIFYs `monitor_changes` with the monitor's id, whoever makes it. Each API
// node's monitor cache drops that entry (monitors/monitor-cache.ts, database/change-feed.ts). Updates
// that change nothing do not notify.
export class MonitorChangeNotify1795330000000 implements MigrationInterface {
  name = 'MonitorChangeNotify1795330000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION "notify_monitor_change"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'monitors' THEN
          PERFORM pg_notify('monitor_changes', OLD.id::text);
        ELSE
          IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('monitor_changes', OLD.monitor_id::text); END IF;
          IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('monitor_changes', NEW.monitor_id::text); END IF;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "tr_monitors_change_update" AFTER UPDATE ON "monitors" FOR EACH ROW
         WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "notify_monitor_change"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "tr_monitors_change_delete" AFTER DELETE ON "monitors" FOR EACH ROW
         EXECUTE FUNCTION "notify_monitor_change"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "tr_private_location_monitors_change" AFTER INSERT OR UPDATE OR DELETE
         ON "private_location_monitors" FOR EACH ROW EXECUTE FUNCTION "notify_monitor_change"()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER "tr_private_location_monitors_change" ON "private_location_monitors"');
    await queryRunner.query('DROP TRIGGER "tr_monitors_change_delete" ON "monitors"');
    await queryRunner.query('DROP TRIGGER "tr_monitors_change_update" ON "monitors"');
    await queryRunner.query('DROP FUNCTION "notify_monitor_change"()');
  }
}
