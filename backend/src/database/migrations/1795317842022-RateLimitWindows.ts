import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RateLimitWindows1795317842022 implements MigrationInterface {
  name = 'RateLimitWindows1795317842022';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"rate_limit_windows\" (\"key\" character(64) NOT NULL, \"window_start\" TIMESTAMP WITH TIME ZONE NOT NULL, \"count\" integer NOT NULL, \"expires_at\" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT \"PK_4a93cc2e7f61dc3d968711a8865\" PRIMARY KEY (\"key\", \"window_start\"))");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DROP TABLE \"rate_limit_windows\"");
  }
}
