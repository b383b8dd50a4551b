import { DatabaseError } from 'pg';
import { QueryFailedError } from 'typeorm';
import { serializeError, serializeRequest, statementName, type SerializedError } from './error-serializer';

/** A driver error as pg builds it from the server's ErrorResponse. */
function pgError(message: string, fields: Partial<DatabaseError>): DatabaseError {
  return Object.assign(new DatabaseError(message, 100, 'error'), { severity: 'ERROR', ...fields });
}

describe(serializeError.name, () => {
  it('keeps the SQLSTATE, the names and the statement name of a failed query, and none of its values', () => {
    const driver = pgError('duplicate key value violates unique constraint "uq_things_name"', {
      code: '23505',
      table: 'things',
      constraint: 'uq_things_name',
      detail: 'Key (name)=(secret-in-detail) already exists.',
      where: 'SQL statement "INSERT ... secret-in-where"',
      internalQuery: 'SELECT secret-in-internal',
    });
    const sut = serializeError(
      new QueryFailedError(
        `INSERT INTO "things"("name", "headers") VALUES ($1, $2) RETURNING "id"`,
        ['secret-in-parameters', '[{"key":"Authorization","value":"Bearer secret-in-parameters"}]'],
        driver,
      ),
    ) as SerializedError;
    expect(sut).toMatchObject({
      type: 'QueryFailedError',
      code: '23505',
      severity: 'ERROR',
      table: 'things',
      constraint: 'uq_things_name',
      statement: 'INSERT things',
      message: 'duplicate key value violates unique constraint "uq_things_name"',
    });
    expect(sut.stack).toMatch(
      /^QueryFailedError: duplicate key value violates unique constraint "uq_things_name"\n\s+at /,
    );
    expect(JSON.stringify(sut)).not.toMatch(/secret|VALUES|RETURNING/);
  });

  it('blanks quoted values in a driver message and keeps the quoted names the error reports', () => {
    const sut = serializeError(
      pgError('invalid input syntax for type bigint: "secret-value"', { code: '22P02', routine: 'pg_strtoint64' }),
    ) as SerializedError;
    expect(sut).toMatchObject({
      type: 'DatabaseError',
      code: '22P02',
      message: 'invalid input syntax for type bigint: "…"',
    });
    const check = serializeError(
      pgError('new row for relation "monitors" violates check constraint "ck_x"', {
        code: '23514',
        table: 'monitors',
        constraint: 'ck_x',
        detail: 'Failing row contains (1, secret-row).',
      }),
    );
    expect(check).toMatchObject({ message: 'new row for relation "monitors" violates check constraint "ck_x"' });
    expect(JSON.stringify(check)).not.toContain('secret');
  });

  it('keeps only payload-free fields of other errors, and follows causes and aggregated errors', () => {
    const io = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
      port: 5432,
      config: { password: 'secret-config' },
      body: 'secret-body',
    });
    const wrapped = new Error('could not save', {
      cause: new QueryFailedError(
        'UPDATE "monitors" SET "headers" = $1',
        ['secret-cause'],
        pgError('boom', { code: 'P0001' }),
      ),
    });
    const sut = serializeError(new AggregateError([io, wrapped], 'two failures')) as SerializedError;
    expect(sut).toMatchObject({
      type: 'AggregateError',
      message: 'two failures',
      errors: [
        { type: 'Error', code: 'ECONNREFUSED', syscall: 'connect', port: 5432 },
        {
          type: 'Error',
          message: 'could not save',
          cause: { type: 'QueryFailedError', code: 'P0001', statement: 'UPDATE monitors' },
        },
      ],
    });
    expect(JSON.stringify(sut)).not.toContain('secret');
  });

  it('passes strings and empty values through and never logs a non-error object', () => {
    expect(serializeError('plain message')).toBe('plain message');
    expect(serializeError(undefined)).toBeUndefined();
    expect(serializeError({ row: 'secret' })).toEqual({ type: 'object', message: '[not an error]' });
  });
});

describe(statementName.name, () => {
  it.each([
    ['INSERT INTO "monitors"("name") VALUES ($1)', 'INSERT monitors'],
    ['UPDATE "public"."notification_channels" SET "config" = $1', 'UPDATE public.notification_channels'],
    ["DELETE FROM api_keys WHERE token = 'secret from api_keys'", 'DELETE api_keys'],
    ["SELECT 'FROM secret' AS x FROM workspaces", 'SELECT workspaces'],
    ['  with t as (select 1) select * from t', 'WITH t'],
    ['VACUUM', 'statement'],
  ])('%s -> %s', (sql, name) => {
    expect(statementName(sql)).toBe(name);
  });
});

describe(serializeRequest.name, () => {
  it('logs the path of a request URL without its query string', () => {
    expect(
      serializeRequest({
        method: 'GET',
        url: '/subscriptions/confirm?token=secret',
        host: 'status.example.com',
        ip: '127.0.0.1',
        socket: { remotePort: 5000 },
        headers: { cookie: 'secret' },
      }),
    ).toEqual({
      method: 'GET',
      url: '/subscriptions/confirm?[redacted]',
      host: 'status.example.com',
      remoteAddress: '127.0.0.1',
      remotePort: 5000,
    });
  });
});
