// The dashboard's import page (issue 30): the form, its preview (ImportsService.plan: writes nothing)
// and the import itself (ImportsService.apply). The two posts upload a file, so they are the
// dashboard's only multipart routes: @fastify/multipart is registered in a scope of their own,
// bounded to IMPORT_BOUNDS.uploadBytes, and every other dashboard form stays urlencoded and 64 KiB.
//
// How the file travels from the preview to the import: it does not. The server keeps no copy (the
// nodes of a server share no memory, and a copy carried back in the page would put the file's
// secrets, such as a channel's token, into the page): the import form asks for the same file again
// and carries the fingerprint of what was previewed (SHA-256 of the source, the variables and the
// file); an import whose upload does not match it is refused, so exactly the previewed file is applied.
import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDomainError, ValidationError } from '../common/errors';
import { IMPORT_BOUNDS, ImportsService } from '../imports/imports.service';
import { Answer, DashboardRequests, type Form, type InWorkspace } from './dashboard-requests';
import { refusalOf } from './submit-form';
import { importPage, type ImportPageData } from './pages/import.page';
import { errorPage } from './pages/error.page';
import type { FormState } from './pages/form-state';

/** The form's fields other than the file: small, so a field sent larger is refused, not cut short. */
const FIELD_BYTES = 64 * 1024;
const FORM_FIELDS = ['source', 'file', 'env'] as const;
const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MIB = 1024 * 1024;

interface Upload {
  fields: Form;
  /** The file part, when one was chosen (a form sent with no file has a part without a name). */
  file?: { name: string; bytes: Buffer };
  /** The file part was larger than the bound; its bytes were not kept. */
  tooLarge?: string;
  /** A field was larger than FIELD_BYTES. */
  fieldTooLarge?: string;
}

/** Gatus's variables as KEY=VALUE lines; a line that is not one is the form's own error. */
export function parseVariables(text: string): { env: Record<string, string>; error?: string } {
  const env: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    const key = eq > 0 ? line.slice(0, eq).trim() : '';
    if (!ENV_KEY.test(key)) {
      return {
        env,
        error: `line ${index + 1}: must be KEY=VALUE, the key letters, digits and _ (not starting with a digit)`,
      };
    }
    env[key] = line.slice(eq + 1);
  }
  return { env };
}

/** What a preview showed: an import carrying another fingerprint is not of the file previewed. */
export function fingerprint(source: string, env: Record<string, string>, file: Uint8Array): string {
  const hash = createHash('sha256');
  hash.update(`${source}\0${JSON.stringify(Object.entries(env).sort(([a], [b]) => (a < b ? -1 : 1)))}\0`);
  hash.update(file);
  return hash.digest('base64url');
}

@Injectable()
export class ImportRoutes {
  constructor(
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(ImportsService) private readonly imports: ImportsService,
  ) {}

  register(app: FastifyInstance): void {
    app.get('/app/w/:slug/import', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        return this.render(reply, w, 200, { form: { values: {}, errors: {} } });
      }),
    );
    // The uploads, in a scope of their own: the only place multipart bodies are read.
    void app.register(async (scope) => {
      // Another module reads multipart bodies as bounded text for its own route (RFC 8058 unsubscribe);
      // this scope reads them with @fastify/multipart instead.
      if (scope.hasContentTypeParser('multipart/form-data')) scope.removeContentTypeParser('multipart/form-data');
      await scope.register(multipart, {
        // Too large a file is answered on the form (naming the file and the bound), not thrown.
        throwFileSizeLimit: false,
        limits: { fileSize: IMPORT_BOUNDS.uploadBytes, files: 1, fields: 8, parts: 10, fieldSize: FIELD_BYTES },
      });
      scope.post('/app/w/:slug/import/preview', (request, reply) =>
        this.requests.handle(request, reply, () => this.preview(request, reply)),
      );
      scope.post('/app/w/:slug/import', (request, reply) =>
        this.requests.handle(request, reply, () => this.apply(request, reply)),
      );
    });
  }

  private async preview(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const { w, upload } = await this.upload(request);
    const read = this.read(upload);
    if ('refused' in read) return this.render(reply, w, 400, { form: read.refused });
    try {
      const plan = await this.imports.plan(w.ctx, { source: read.source, file: read.file.bytes, env: read.env });
      return this.render(reply, w, 200, {
        form: { values: read.values, errors: {} },
        preview: { plan, fingerprint: fingerprint(read.source, read.env, read.file.bytes), fileName: read.file.name },
      });
    } catch (error) {
      return this.refused(reply, w, error, read.values);
    }
  }

  private async apply(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const { w, upload } = await this.upload(request);
    const read = this.read(upload);
    if ('refused' in read) return this.render(reply, w, 400, { form: read.refused });
    if (upload.fields.previewed !== fingerprint(read.source, read.env, read.file.bytes)) {
      const message = upload.fields.previewed
        ? `${read.file.name} is not the file previewed (or the source or variables changed): preview it, then import`
        : 'preview the file before importing it';
      return this.render(reply, w, 400, { form: { values: read.values, errors: { file: message } } });
    }
    try {
      const result = await this.imports.apply(w.ctx, {
        source: read.source,
        file: read.file.bytes,
        env: read.env,
        activate: upload.fields.activate === 'on',
      });
      return this.render(reply, w, 200, {
        form: { values: { source: read.source }, errors: {} },
        result: { plan: result.plan, activated: result.activated, fileName: read.file.name },
      });
    } catch (error) {
      return this.refused(reply, w, error, read.values);
    }
  }

  /**
   * The workspace, then the upload, then its CSRF token. The session and the workspace are checked
   * before the body is read, so no one uploads 64 MiB to a page they cannot see.
   */
  private async upload(request: FastifyRequest): Promise<{ w: InWorkspace; upload: Upload }> {
    this.requests.refuseCrossSite(request);
    // Signed out: the form's own answer (as requireSessionForm gives), not a redirect back to a POST-only path.
    if (!(await this.requests.currentSession(request))) {
      throw new Answer(
        403,
        errorPage('Signed out', 'Your session has ended. Sign in again, then send the form again.'),
      );
    }
    const w = await this.requests.requireWorkspace(request, false);
    if (!request.isMultipart()) {
      throw new Answer(415, errorPage('Bad request', 'Send the import form as multipart/form-data.'));
    }
    const upload = await readUpload(request);
    this.requests.requireCsrf(w, upload.fields);
    return { w, upload };
  }

  /** The upload read as the verbs' input, or the form's own refusal (a missing file, a bad variable line). */
  private read(
    upload: Upload,
  ):
    | { source: string; file: NonNullable<Upload['file']>; env: Record<string, string>; values: Form }
    | { refused: FormState } {
    const values: Form = {
      source: upload.fields.source ?? '',
      env: upload.fields.env ?? '',
      activate: upload.fields.activate ?? '',
    };
    const errors: Record<string, string> = {};
    const variables = parseVariables(values.env);
    if (variables.error) errors.env = variables.error;
    if (upload.fieldTooLarge) errors[upload.fieldTooLarge] = `must be at most ${FIELD_BYTES / 1024} KiB`;
    if (upload.tooLarge) {
      errors.file = `${upload.tooLarge} is larger than ${IMPORT_BOUNDS.uploadBytes / MIB} MiB, the most an upload may be (import a larger file with the command line: cli import)`;
    } else if (!upload.file) errors.file = 'is required: choose the file to import';
    if (Object.keys(errors).length || !upload.file) return { refused: { values, errors } };
    return { source: values.source, file: upload.file, env: variables.env, values };
  }

  /** A refusal of the verb on the form: beside the source, the file or the variables, else above (a refused item names itself). */
  private refused(reply: FastifyReply, w: InWorkspace, error: unknown, values: Form): FastifyReply {
    const r = refusalOfVerb(error);
    // A refused item's message starts with its label ("monitor 3 “API”: url: ..."), which the issues
    // lose: show the whole message above the form when any issue names no field of it.
    const message = r.message !== undefined && error instanceof ValidationError ? error.message : r.message;
    return this.render(reply, w, r.status, { form: { values, errors: r.errors, message } });
  }

  private render(
    reply: FastifyReply,
    w: InWorkspace,
    status: number,
    data: Omit<ImportPageData, 'canWrite'>,
  ): FastifyReply {
    const frame = this.requests.frame(w, w.membership, undefined, 'monitors');
    return this.requests.page(reply, status, importPage(frame, { ...data, canWrite: w.ctx.scope === 'write' }));
  }
}

/** A domain refusal as the form shows it; anything else goes on to the error page (500). */
function refusalOfVerb(error: unknown) {
  if (!isDomainError(error)) throw error;
  return refusalOf(error, FORM_FIELDS);
}

/** The parts of the upload: the fields as text, the one file's bytes (unless beyond the bound). */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  const upload: Upload = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.fieldname !== 'file') continue;
        if (part.file.truncated) upload.tooLarge = part.filename || 'The file';
        else if (part.filename !== '' || chunks.length) {
          upload.file = { name: part.filename || 'the file', bytes: Buffer.concat(chunks) };
        }
      } else {
        if (part.valueTruncated) upload.fieldTooLarge = part.fieldname;
        if (!(part.fieldname in upload.fields) && typeof part.value === 'string') {
          upload.fields[part.fieldname] = part.value;
        }
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message =
      code === 'FST_FILES_LIMIT'
        ? 'Send one file at a time.'
        : code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT'
          ? 'The form has more fields than the import form sends.'
          : 'The upload could not be read (it was cut short or is not a well-formed form). Send it again.';
    throw new Answer(400, errorPage('Bad request', message));
  }
  return upload;
}
