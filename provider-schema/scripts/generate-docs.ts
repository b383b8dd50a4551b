// `npm run provider:docs`: writes content/docs/provider/ from provider-schema/schema.json and the HCL
// examples, removing pages of types the schema no longer has. `--check` writes nothing and exits 1
// when a page differs (what CI runs). `--schema <file>` and `--out <dir>` serve development.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { DOCS_FOLDER, renderProviderDocs, type ProviderSchemas } from './provider-docs';

/** The repository root: the folder holding provider-schema/, from the sources or the compiled dist/. */
export function findRootDir(from: string = __dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'provider-schema', 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`repository root not found above ${from}`);
    dir = parent;
  }
  return dir;
}

/** The markdown files below dir, as paths relative to it with / separators. */
export function listPages(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder).sort()) {
      const full = join(folder, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry.endsWith('.md')) out.push(relative(dir, full).split(sep).join('/'));
    }
  };
  walk(dir);
  return out;
}

async function main(argv: string[]): Promise<number> {
  const root = findRootDir();
  const option = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const schemaFile = resolve(option('--schema') ?? join(root, 'provider-schema', 'schema.json'));
  const outDir = resolve(option('--out') ?? join(root, 'content', DOCS_FOLDER));
  const check = argv.includes('--check');

  const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as ProviderSchemas;
  const pages = await renderProviderDocs({ schema, examplesDir: join(root, 'examples'), rootDir: root });

  const stale = listPages(outDir).filter((file) => !pages.has(file));
  const changed = [...pages].filter(([file, text]) => {
    const target = join(outDir, file);
    return !existsSync(target) || readFileSync(target, 'utf8') !== text;
  });
  if (check) {
    for (const [file] of changed) console.error(`differs: ${join(relative(root, outDir), file)}`);
    for (const file of stale) console.error(`not generated: ${join(relative(root, outDir), file)}`);
    if (changed.length || stale.length) {
      console.error('the provider docs are not what the schema generates; run npm run provider:docs and commit');
      return 1;
    }
    console.log(`provider docs up to date (${pages.size} pages)`);
    return 0;
  }
  for (const file of stale) rmSync(join(outDir, file));
  for (const [file, text] of changed) {
    mkdirSync(dirname(join(outDir, file)), { recursive: true });
    writeFileSync(join(outDir, file), text);
  }
  console.log(
    `${pages.size} pages in ${relative(root, outDir) || '.'}: ${changed.length} written, ${stale.length} removed`,
  );
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
