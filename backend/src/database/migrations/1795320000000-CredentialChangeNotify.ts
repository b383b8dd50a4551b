import type { MigrationInterface, QueryRunner } from 'typeorm';

// Every change that can make a cached credential wrong (a key or grant revoked, expired, re-scoped or
// deleted, a workspace's plan or slug changed or the workspace deleted) NOTIFYs `credential_changes`
// inside the changing transaction, whoever makes it: a service verb, the command line, a future OAuth
// server or hand-written SQL. Each API node's credential cache hears it and flushes (api-keys/
// credential-cache.ts, database/change-feed.ts). `last_used_at` writes do not notify.
const TABLES: Array<[table: string, columns: string[]]> = [
  ['api_keys', ['revoked_at', 'expires_at', 'scope', 'secret_hash', 'prefix', 'workspace_id', 'created_by_user_id']],
  ['oauth_grants', ['revoked_at', 'scope', 'workspace_id', 'user_id', 'client_id']],
  ['oauth_tokens', ['revoked_at', 'expires_at', 'grant_id', 'token_hash', 'kind']],
  ['workspaces', ['plan', 'slug']],
];

export class CredentialChangeNotify1795320000000 implements MigrationInterface {
  name = 'CredentialChangeNotify1795320000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION "notify_credential_change"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('credential_changes', TG_TABLE_NAME);
        RETURN NULL;
      END $$`);
    for (const [table, columns] of TABLES) {
      const changed = columns.map((c) => `OLD."${c}" IS DISTINCT FROM NEW."${c}"`).join(' OR ');
      await queryRunner.query(
        `CREATE TRIGGER "tr_${table}_credential_update" AFTER UPDATE ON "${table}" FOR EACH ROW
           WHEN (${changed}) EXECUTE FUNCTION "notify_credential_change"()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "tr_${table}_credential_delete" AFTER DELETE ON "${table}" FOR EACH ROW
           EXECUTE FUNCTION "notify_credential_change"()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table] of TABLES) {
      await queryRunner.query(`DROP TRIGGER "tr_${table}_credential_update" ON "${table}"`);
      await queryRunner.query(`DROP TRIGGER "tr_${table}_credential_delete" ON "${table}"`);
    }
    await queryRunner.query('DROP FUNCTION "notify_credential_change"()');
  }
}
