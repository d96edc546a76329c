import type { Db } from '../../db/tables.ts';

/**
 * Counts one hit for `key` in a fixed window, in a single statement, so concurrent requests on
 * any number of server instances never lose a count. Returns the hits in the current window and
 * when that window started.
 */
export const countHit = async (
  db: Db,
  opts: { key: string; now: string; windowFloor: string },
): Promise<{ hits: number; windowStart: string }> => {
  const row = await db
    .insertInto('rate_limits')
    .values({ key: opts.key, window_start: opts.now, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const expired = eb('rate_limits.window_start', '<', opts.windowFloor);
        return {
          hits: eb
            .case()
            .when(expired)
            .then(eb.lit(1))
            .else(eb('rate_limits.hits', '+', 1))
            .end(),
          window_start: eb
            .case()
            .when(expired)
            .then(opts.now)
            .else(eb.ref('rate_limits.window_start'))
            .end(),
        };
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), windowStart: row.window_start };
};

export const removeHit = async (db: Db, key: string): Promise<void> => {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('key', '=', key)
    .where('hits', '>', 0)
    .execute();
};
