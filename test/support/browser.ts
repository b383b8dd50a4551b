// Real Chromium for the dashboard's browser tests (playwright-core with the system's chromium, no
// downloaded browser). Where chromium is not installed, the browser tests fail under CI and print one
// SKIP line and skip on a developer's machine (`describeWithTool` in test/support/skips.ts).
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PASSWORD } from './dashboard';
import { onPath, toolPresent, underCi } from './skips';

/** The chromium executable on the PATH, or null; under CI a missing one fails the test file that asks. */
export function chromiumPath(): string | null {
  const found = onPath('chromium') ?? onPath('chromium-browser');
  if (!found && underCi()) toolPresent('chromium', found, 'the browser tests');
  return found;
}

export async function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

// Browser-side code is passed as source text: the tests are compiled without the DOM's types.

/**
 * The serious and critical violations of an axe-core scan of the whole document, as readable lines.
 * axe-core is injected into the page: open it in a context with `bypassCSP: true`.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate<AxeViolation[]>(
    `axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations)`,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Signs `email` in through the dashboard's sign-in form and waits for the monitors it lands on. */
export async function signIn(page: Page, baseUrl: string, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/app/sign-in`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/monitors');
}
