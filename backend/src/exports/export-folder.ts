// Where an export is written: a folder that is missing or empty, or a previous export. A previous
// export is recognised by its files that start with the export's marker (every .tf file; main.ts of a
// CDKTF export); in one, the files this export writes are overwritten, and the marked files it no
// longer writes (a resource kind the workspace no longer has) are removed, since they would still
// declare those resources. The working files of terraform, cdktf and npm are left alone. Any other
// file is the user's: the export refuses rather than mix with it, and it never deletes one.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ValidationError } from '../common/errors';
import { EXPORT_MARKER } from './terraform-hcl';
import type { ExportedFile } from './terraform-model';

/** What terraform, cdktf and npm leave in a working folder, and a user's variable values. */
const WORKING_FILES =
  /^(\.terraform|\.terraform\.lock\.hcl|\.terraform\.tfstate\.lock\.info|(terraform\.)?.*\.tfstate(\.backup)?|.*\.tfvars(\.json)?|.*\.tfplan|node_modules|package-lock\.json|dist|cdktf\.out|\.gen)$/;

const MARKERS = [EXPORT_MARKER, `// ${EXPORT_MARKER.slice(2)}`];

async function isMarked(path: string): Promise<boolean> {
  try {
    const text = await readFile(path, 'utf8');
    return MARKERS.some((m) => text.startsWith(m));
  } catch {
    return false;
  }
}

/** Writes the files into `dir` (see the header); answers the written paths. */
export async function writeExportFolder(dir: string, files: ExportedFile[]): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const marked: string[] = [];
  const others: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (WORKING_FILES.test(entry.name)) continue;
    if (entry.isFile() && (await isMarked(join(dir, entry.name)))) marked.push(entry.name);
    else others.push(entry.name);
  }
  const writes = new Set(files.map((f) => f.path));
  const foreign = others.find((name) => marked.length === 0 || !writes.has(name));
  if (foreign !== undefined) {
    throw ValidationError.field(
      '--out',
      `${dir} holds ${foreign}, which no previous export wrote; give an empty or new folder`,
    );
  }
  const written: string[] = [];
  for (const f of files) {
    const path = join(dir, f.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, f.content);
    written.push(path);
  }
  for (const name of marked) if (!writes.has(name)) await rm(join(dir, name));
  return written;
}
