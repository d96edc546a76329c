import type { Db } from '../../../db/tables.ts';
import { takeDocumentsInMonth, type TakenDocuments } from './usage.repository.ts';

/*
 * The counts of one account on one instance share statements, as a database's group commit
 * shares a flush. Every count locks the account's subscription row until it commits, and on a
 * durable PostgreSQL (fsync on) the commit waits for the disk while holding the lock: one busy
 * account's counts then ran one flush after another, at about a third of the rate of as many
 * different accounts. Here at most one count statement per account and month is in flight on an
 * instance; the counts that arrive meanwhile wait for it and then go together as one statement
 * of their sum. An idle account's count is sent at once, so this adds no wait; a busy one's
 * rate grows with its callers instead of queueing on the lock. What stays as before: every count
 * is committed before its caller goes on (crash safety), the database re-checks the limit on the
 * row it locks (exact across instances), and the row holds documents counted, not leased.
 * Near the limit a shared statement may be refused although some of its counts would fit: then
 * each is tried alone, so a refusal is always one caller's own.
 */

type Request = { userId: string; month: string; count: number; upToDateAt: string };

type Waiter = {
  count: number;
  upToDateAt: string;
  resolve: (taken: TakenDocuments | undefined) => void;
  reject: (error: unknown) => void;
};

/** Per database (an instance's pool), the waiting counts of each account and month. */
const queues = new WeakMap<Db, Map<string, Waiter[]>>();

const latest = (waiters: Waiter[]) =>
  waiters.reduce((at, w) => (w.upToDateAt > at ? w.upToDateAt : at), waiters[0]!.upToDateAt);

/** One statement for the whole group; each caller gets the count as it stood after its own. */
const takeGroup = async (db: Db, userId: string, month: string, group: Waiter[]) => {
  const total = group.reduce((sum, w) => sum + w.count, 0);
  // The latest moment of the group: a subscription the clock ended for any of them is caught up
  // with by each alone (document-count.ts), never counted on.
  const taken = await takeDocumentsInMonth(db, {
    userId,
    month,
    count: total,
    upToDateAt: latest(group),
  });
  if (taken) {
    let used = taken.used - total;
    for (const w of group) {
      used += w.count;
      w.resolve({ ...taken, used });
    }
  } else if (group.length === 1) {
    group[0]!.resolve(undefined);
  } else {
    await Promise.all(
      group.map((w) =>
        takeDocumentsInMonth(db, { userId, month, count: w.count, upToDateAt: w.upToDateAt }).then(
          w.resolve,
          w.reject,
        ),
      ),
    );
  }
};

/** Sends the account's waiting counts, a group at a time, until none are left. */
const drain = async (db: Db, key: string, waiting: Map<string, Waiter[]>, request: Request) => {
  for (let group = waiting.get(key)!; group.length > 0; group = waiting.get(key)!) {
    waiting.set(key, []);
    await takeGroup(db, request.userId, request.month, group).catch((error: unknown) => {
      for (const w of group) w.reject(error);
    });
  }
  waiting.delete(key);
};

/**
 * takeDocumentsInMonth for a generate: the same answer for this caller, its statement shared
 * with the account's other counts in flight on this instance. Inside a transaction it is
 * takeDocumentsInMonth itself (a shared statement cannot be part of one caller's transaction).
 */
export const takeDocumentsCoalesced = (
  db: Db,
  request: Request,
): Promise<TakenDocuments | undefined> => {
  if (db.isTransaction) return takeDocumentsInMonth(db, request);
  let waiting = queues.get(db);
  if (!waiting) {
    waiting = new Map<string, Waiter[]>();
    queues.set(db, waiting);
  }
  const key = `${request.userId}\u0000${request.month}`;
  const group = waiting.get(key);
  return new Promise((resolve, reject) => {
    const waiter = { count: request.count, upToDateAt: request.upToDateAt, resolve, reject };
    if (group) return void group.push(waiter);
    waiting.set(key, [waiter]);
    void drain(db, key, waiting, request);
  });
};
