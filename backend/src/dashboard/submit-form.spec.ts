import Fastify, { type FastifyInstance } from 'fastify';
import { ConflictError, type DomainError, NotFoundError, ValidationError } from '../common/errors';
import { type FormSubmission, type Refusal, submitForm } from './submit-form';

/** A real Fastify answering one route with submitForm; the refusal, when any, is the JSON body. */
async function answerOf<T, I>(submission: Omit<FormSubmission<I, T>, 'refused'>) {
  const app: FastifyInstance = Fastify();
  const calls: I[] = [];
  app.post('/form', (_request, reply) =>
    submitForm<T, I>(reply, {
      ...submission,
      call: (input) => {
        calls.push(input);
        return submission.call(input);
      },
      refused: (refusal: Refusal) =>
        reply.status(refusal.status).send({ errors: refusal.errors, message: refusal.message ?? null }),
    }),
  );
  app.setErrorHandler((error: Error, _request, reply) => reply.status(599).send({ thrown: error.message }));
  try {
    const response = await app.inject({ method: 'POST', url: '/form' });
    return { status: response.statusCode, location: response.headers.location, body: response.body, calls };
  } finally {
    await app.close();
  }
}

const refuse = (error: DomainError) => () => Promise.reject(error);

describe(submitForm.name, () => {
  it('redirects (303) where the verb’s answer says', async () => {
    const sut = await answerOf({
      call: () => Promise.resolve({ id: 'r1', notified: true }),
      done: (answer) => `/reports/${answer.id}?mail=${answer.notified ? 'sent' : 'none'}`,
    });
    expect(sut.status).toBe(303);
    expect(sut.location).toBe('/reports/r1?mail=sent');
  });

  it('answers with the page done returns instead of a redirect (a token shown once)', async () => {
    const app = Fastify();
    app.post('/form', (_request, reply) =>
      submitForm(reply, {
        call: () => Promise.resolve('secret'),
        done: (token) => reply.status(201).send(`shown once: ${token}`),
        refused: () => reply.status(500).send(),
      }),
    );
    const response = await app.inject({ method: 'POST', url: '/form' });
    await app.close();
    expect(response.statusCode).toBe(201);
    expect(response.body).toBe('shown once: secret');
  });

  it('puts a validation refusal beside the fields it names, the rest above the form', async () => {
    const sut = await answerOf({
      call: refuse(
        new ValidationError('invalid', [
          { field: 'title', message: 'is required' },
          { field: 'pageComponentIds.1', message: 'is not a component of this page' },
          { field: 'title', message: 'a second message for the field' },
          { field: 'date', message: 'must be a date' },
          { field: '', message: 'the window is too long' },
        ]),
      ),
      done: () => '/never',
      fields: ['title', 'pageComponentIds'],
    });
    expect(sut.status).toBe(400);
    expect(JSON.parse(sut.body)).toEqual({
      errors: { title: 'is required', pageComponentIds: 'is not a component of this page' },
      message: 'date: must be a date; the window is too long',
    });
  });

  it('places issues with the route’s own placer', async () => {
    const sut = await answerOf({
      call: refuse(new ValidationError('invalid', [{ field: 'customTheme.dark', message: 'bad colour' }])),
      done: () => '/never',
      fields: (issue) =>
        issue.field.startsWith('customTheme') ? { field: 'customDark', message: issue.message } : null,
    });
    expect(JSON.parse(sut.body)).toEqual({ errors: { customDark: 'bad colour' }, message: null });
  });

  it('puts another domain refusal above the form, or beside the field its message starts with', async () => {
    const plain = await answerOf({ call: refuse(new ConflictError('already taken')), done: () => '/never' });
    expect(plain.status).toBe(409);
    expect(JSON.parse(plain.body)).toEqual({ errors: {}, message: 'already taken' });
    const named = await answerOf({
      call: refuse(new ConflictError('slug: already taken')),
      done: () => '/never',
      fields: ['slug'],
    });
    expect(JSON.parse(named.body)).toEqual({ errors: { slug: 'already taken' }, message: null });
  });

  it('shows the form’s own errors without calling the verb', async () => {
    const sut = await answerOf({
      parse: () => ({ input: { metadata: {} }, errors: { metadata: 'line 2: must be "key: value"', name: undefined } }),
      call: () => Promise.resolve('created'),
      done: () => '/never',
    });
    expect(sut.status).toBe(400);
    expect(JSON.parse(sut.body)).toEqual({ errors: { metadata: 'line 2: must be "key: value"' }, message: null });
    expect(sut.calls).toEqual([]);
  });

  it('gives the verb the parsed input when the form reads well', async () => {
    const sut = await answerOf({
      parse: () => ({ input: { name: 'eu' }, errors: {} }),
      call: () => Promise.resolve('ok'),
      done: () => '/done',
    });
    expect(sut.calls).toEqual([{ name: 'eu' }]);
    expect(sut.location).toBe('/done');
  });

  it('leaves a refusal that belongs on no form (not found) and other errors to the error page', async () => {
    const missing = await answerOf({ call: refuse(NotFoundError.of('status page', '7')), done: () => '/never' });
    expect(missing.status).toBe(599);
    const broken = await answerOf({ call: () => Promise.reject(new Error('driver')), done: () => '/never' });
    expect(JSON.parse(broken.body)).toEqual({ thrown: 'driver' });
  });

  it('shows on the form only what onForm lets through when a route says', async () => {
    const sut = await answerOf({
      call: refuse(new ConflictError('busy')),
      done: () => '/never',
      onForm: (error) => error.code === 'VALIDATION',
    });
    expect(sut.status).toBe(599);
  });
});
