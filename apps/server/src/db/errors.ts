/** True when a write failed on a unique constraint, on SQLite or PostgreSQL. */
export const isUniqueViolation = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
};

/** Network failures of a connection to a service: refused, cut, timed out, not routable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/*
 * PostgreSQL's own words for a server that is going away or not there yet: 57P01 (terminated by
 * an administrator: a fast shutdown or restart), 57P02 (crash shutdown), 57P03 (cannot connect
 * now: starting up, shutting down, in recovery), 57014 (a statement cancelled, by the statement
 * timeout or an operator: it waited on a lock or an overloaded server) and class 08 (connection
 * exceptions). node-pg
 * says the rest in messages only: a socket closed under a query, a client that lost its
 * connection, and the pool's connection timeout.
 */
const POSTGRES_UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '57014']);
const PG_LOST_CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Query read timeout',
];

const codeOf = (error: object): unknown => ('code' in error ? error.code : undefined);

const isUnavailableHere = (error: object): boolean => {
  const code = codeOf(error);
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE_CODES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    // SQLite gives up after its busy timeout (5 s) with SQLITE_BUSY or one of its variants.
    if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_')) return true;
  }
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  return PG_LOST_CONNECTION_MESSAGES.some((start) => message.startsWith(start));
};

/**
 * True when the database (or the network to it) could not serve the statement for now, as
 * opposed to a statement that is wrong: the request may succeed if tried again shortly. Looks
 * through `cause` and the errors of an AggregateError (a connect tried on every address).
 */
export const isDatabaseUnavailable = (error: unknown, depth = 0): boolean => {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (isUnavailableHere(error)) return true;
  if ('cause' in error && isDatabaseUnavailable(error.cause, depth + 1)) return true;
  if (error instanceof AggregateError) {
    return error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
  }
  return false;
};
