// The direction check (`npm run direction`, backend/tools/direction.mjs) that CI runs: it fails on a
// loop between folders, a transport importing a repository, a module importing another's repository
// and a kit importing a resource module, naming each import; and the backend itself passes it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const check = (tree?: string) =>
  spawnSync(process.execPath, ['backend/tools/direction.mjs', ...(tree ? [tree] : [])], {
    cwd: ROOT,
    encoding: 'utf8',
  });

describe('direction check', () => {
  it('fails on each broken rule and names the import', () => {
    const sut = check('test/fixtures/direction/src/');
    const fixture = 'test/fixtures/direction/src';
    expect(sut.status).toBe(1);
    expect(sut.stdout).toContain(
      `folder-cycle: ${fixture}/monitors/monitors.repository.ts → ${fixture}/alerts/alerts.service.ts (closes monitors → alerts → monitors)`,
    );
    expect(sut.stdout).toContain(
      `transport-imports-repository: ${fixture}/monitors/monitors.rpc.ts → ${fixture}/monitors/monitors.repository.ts`,
    );
    expect(sut.stdout).toContain(
      `repository-of-another-module: ${fixture}/alerts/alert-rules.ts → ${fixture}/monitors/monitors.repository.ts`,
    );
    expect(sut.stdout).toContain(
      `kit-imports-resource: ${fixture}/common/ids.ts → ${fixture}/monitors/monitor.constants.ts`,
    );
    expect(sut.stdout).toContain('3 folders, 3 in loops');
  });

  it('passes on the backend: no folder loop, no rule broken', () => {
    const sut = check();
    expect(sut.stdout).toMatch(/^0 violation\(s\); \d+ folders, 0 in loops/m);
    expect(sut.status).toBe(0);
  });
});
