import type { Http, SendOptions } from './http.ts';
import { operations, pathOf, type OperationId } from './operations.ts';

type CallOptions = SendOptions & { params?: Record<string, string | number> };

/** Sends one operation of the API, by its id, and answers the accepted response. */
export type Call = (operationId: OperationId, options?: CallOptions) => Promise<Response>;

/** Operations sent through `send`, which adds the credentials (the API key or a session). */
export const createCall =
  (send: Http): Call =>
  (operationId, { params, ...options } = {}) =>
    send(operations[operationId][0], pathOf(operationId, params), options);

/** The JSON body of an accepted response. */
export const jsonOf = async <T>(response: Promise<Response>): Promise<T> =>
  (await (await response).json()) as T;
