import { describe, expect, it } from 'vitest';
import { isResultStoreUnavailable } from '../modules/jobs/index.ts';
import { isDatabaseUnavailable } from './errors.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('telling an unavailable database from a failed statement', () => {
  it.each([
    ['a fast shutdown or restart (57P01)', withCode('57P01')],
    ['a crash shutdown (57P02)', withCode('57P02')],
    ['a server starting up (57P03)', withCode('57P03')],
    ['a connection exception (08006)', withCode('08006')],
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['a socket closed under a query', new Error('Connection terminated unexpectedly')],
    ['the pool giving up', new Error('timeout exceeded when trying to connect')],
    ['SQLite busy past its timeout', withCode('SQLITE_BUSY', 'database is locked')],
    ['a refusal on every address', new AggregateError([withCode('ECONNREFUSED')], 'connect')],
    ['a wrapped refusal', new Error('query failed', { cause: withCode('ECONNREFUSED') })],
  ])('counts %s as unavailable', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a constraint on SQLite', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['a pool used after it was closed', new Error('Cannot use a pool after calling end')],
    ['a value that is no error', 'ECONNREFUSED'],
  ])('does not count %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('counts S3 server faults and time-outs as an unavailable result store, not its refusals', () => {
    const s3 = (name: string, status: number, fault: 'client' | 'server') =>
      Object.assign(new Error(name), {
        name,
        $fault: fault,
        $metadata: { httpStatusCode: status },
      });
    expect(isResultStoreUnavailable(s3('ServiceUnavailable', 503, 'server'))).toBe(true);
    expect(isResultStoreUnavailable(s3('InternalError', 500, 'server'))).toBe(true);
    expect(isResultStoreUnavailable(Object.assign(new Error('t'), { name: 'TimeoutError' }))).toBe(
      true,
    );
    expect(isResultStoreUnavailable(s3('AccessDenied', 403, 'client'))).toBe(false);
    expect(isResultStoreUnavailable(s3('NoSuchBucket', 404, 'client'))).toBe(false);
  });
});
