import type { FitReport } from '@platen/pdf-engine';
import type { Deps } from '../../deps.ts';
import { engineRefusalToError } from '../../pdf-pool/engine-refusal.ts';
import type { FillInput } from '../../pdf-pool/pdf-tasks.ts';
import { reserve } from '../billing/index.ts';
import { isStampLabel } from '../templates/index.ts';

/*
 * Making documents, for every entry point (generate, tryout, an asynchronous generate, a batch
 * item): `produce` meters what a call makes (reserve → make → settle) and `fillDocument` fills
 * one document. A synchronous generate produces one filled document; a batch produces its job
 * (the job's row holds the reservation until the job ends or is cancelled, when what it did not
 * deliver is released) and its items are filled, not metered again, as the job runs.
 */

/** A filled PDF and how each of the caller's fields fit (stamps are not the caller's). */
export type Filled = { pdf: Uint8Array; fitReport: FitReport };

/** The caller's words for a refusal at the plan's limit (one document, or a batch of them). */
type RefusalWording = Parameters<typeof reserve>[3];

/**
 * Fills in the worker pool, where the account's documents take turns with other accounts'. A
 * document that counts has its time recorded; a SAMPLE (tryout, test mode) does not.
 */
export const fillDocument = async (
  deps: Pick<Deps, 'pdfPool' | 'metrics'>,
  userId: string,
  input: FillInput,
): Promise<Filled> => {
  const started = process.hrtime.bigint();
  const filled = await deps.pdfPool.fillDocument(userId, input);
  if (!filled.ok) throw engineRefusalToError(filled);
  if (!input.options.sample) {
    deps.metrics.documentGenerated(Number(process.hrtime.bigint() - started) / 1e9);
  }
  const fitReport = Object.fromEntries(
    Object.entries(filled.fitReport).filter(([label]) => !isStampLabel(label)),
  );
  return { pdf: filled.pdf, fitReport };
};

/**
 * Reserves `count` documents of the account's plan (refused in the caller's `wording`), makes
 * them, and settles the reservation: with all of them when `make` returns, with none when it
 * throws. Counting before the work means requests racing each other never pass a limit.
 */
export const produce = async <T>(
  deps: Deps,
  userId: string,
  order: { count: number; wording: RefusalWording },
  make: (reservedAt: Date) => Promise<T>,
): Promise<T> => {
  const reservation = await reserve(deps, userId, order.count, order.wording);
  let made: T;
  try {
    made = await make(reservation.reservedAt);
  } catch (error) {
    await reservation.settle(0);
    throw error;
  }
  await reservation.settle(order.count);
  return made;
};
