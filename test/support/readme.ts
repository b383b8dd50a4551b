// README.md's code blocks as a new user meets them: each block is found by the
// `<!-- readme-test: NAME -->` marker before it, saved in a folder laid out like the clone's root (its
// node_modules is the clone's) and run there, or type-checked as an ES module TypeScript file.
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ts from 'typescript';

export const ROOT = join(__dirname, '..', '..');

export function readme(): string {
  return readFileSync(join(ROOT, 'README.md'), 'utf8');
}

/** The fenced code block that follows `<!-- readme-test: name` in README.md. */
export function readmeBlock(name: string): string {
  const text = readme();
  const marker = text.indexOf(`<!-- readme-test: ${name}`);
  if (marker < 0) throw new Error(`README.md has no <!-- readme-test: ${name} --> marker`);
  const block = /```[a-z]*\n([\s\S]*?)\n```/.exec(text.slice(marker));
  if (!block) throw new Error(`no code block after the readme-test marker ${name}`);
  return block[1];
}

/** A folder laid out like the clone's root: the snippet's imports resolve through its node_modules. */
export function cloneLikeFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-readme-'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** The type errors of `source` as an ES module TypeScript file (module nodenext, strict). */
export function typeErrorsAsModule(source: string): string[] {
  const file = join(cloneLikeFolder(), 'snippet.mts');
  writeFileSync(file, source);
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}
