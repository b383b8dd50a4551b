// Real Chromium for the dashboard's browser tests (playwright-core with the system's chromium, no
// downloaded browser). Where chromium is not installed the tests say so loudly and are skipped.
import { execFileSync } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';

/** The chromium executable on the PATH, or null. */
export function chromiumPath(): string | null {
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      const found = execFileSync('which', [name], { encoding: 'utf8' }).trim();
      if (found) return found;
    } catch {
      // not this name
    }
  }
  return null;
}

export async function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}
