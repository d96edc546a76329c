import { randomUUID } from 'node:crypto';
import type { Stamp, StampBody } from '@platen/contract';
import type { FieldSpec, FieldValues, PageInfo } from '@platen/pdf-engine';
import { AppError } from '../../lib/app-error.ts';
import type { RateRule } from '../rate-limits/index.ts';
import { inspectStampPicture, renderStampPicture, type StampPicture } from './stamp-picture.ts';
import type { StoredStamp } from './stamps.repository.ts';
import { checkOnPage } from './template-fields.ts';

const nameOf = (index: number) => `Stamp ${index + 1}`;

/**
 * The decoding work one save may ask for, in pixels (an SVG counts by its drawing cost, see
 * `StampPicture.work`): five of the largest pictures, a few seconds of the image slot.
 */
const MAX_PICTURE_WORK_PER_SAVE = 200_000_000;

/** Saves that bring new stamp pictures, per account: each one is image work (security.md §36). */
export const stampPicturesRule = {
  name: 'stamp-pictures:user',
  limit: 60,
  windowMinutes: 15,
} as const satisfies RateRule;

/** A saved stamp is one row: sending its id twice would store it twice. */
const checkUniqueIds = (stamps: readonly StampBody[]) => {
  const firstWithId = new Map<string, number>();
  stamps.forEach((stamp, index) => {
    if (!stamp.id) return;
    const first = firstWithId.get(stamp.id);
    if (first !== undefined) {
      throw new AppError(
        'VALIDATION_ERROR',
        400,
        `${nameOf(index)} has the same id as ${nameOf(first)}. Each stamp can be sent only once.`,
      );
    }
    firstWithId.set(stamp.id, index);
  });
};

/**
 * The stamps of a save request, ready to store: each lies on its page; a saved stamp sent without
 * a picture keeps the one it has; new pictures are decoded and re-encoded. Every picture is
 * inspected, and the work of the whole save judged, before any pixel is decoded.
 */
export const toStoredStamps = async (
  stamps: readonly StampBody[],
  saved: readonly StoredStamp[],
  pages: PageInfo[],
): Promise<StoredStamp[]> => {
  checkUniqueIds(stamps);
  const savedById = new Map(saved.map((s) => [s.id, s]));
  const previous = stamps.map((stamp, index) => {
    checkOnPage(nameOf(index), stamp, pages);
    const found = stamp.id ? savedById.get(stamp.id) : undefined;
    if (!stamp.image && !found) {
      throw new AppError('INVALID_IMAGE', 400, `${nameOf(index)} needs a picture.`);
    }
    return found;
  });
  const pictures: (StampPicture | undefined)[] = [];
  for (const stamp of stamps) {
    pictures.push(stamp.image ? await inspectStampPicture(stamp.image) : undefined);
  }
  const work = pictures.reduce((sum, picture) => sum + (picture?.work ?? 0), 0);
  if (work > MAX_PICTURE_WORK_PER_SAVE) {
    throw new AppError(
      'INVALID_IMAGE',
      400,
      `The new stamp pictures are too large to process in one save (${Math.round(work / 1e6)} ` +
        `megapixels; at most ${MAX_PICTURE_WORK_PER_SAVE / 1e6}). Please use smaller pictures ` +
        'or add them over several saves.',
    );
  }
  const stored: StoredStamp[] = [];
  // One after the other: the image slot is shared, and other saves take their turns in between.
  for (const [index, stamp] of stamps.entries()) {
    const picture = pictures[index];
    stored.push({
      id: previous[index]?.id ?? randomUUID(),
      page: stamp.page,
      rectX: stamp.rectX,
      rectY: stamp.rectY,
      rectWidth: stamp.rectWidth,
      rectHeight: stamp.rectHeight,
      png: picture ? await renderStampPicture(picture) : (previous[index]?.png ?? Buffer.alloc(0)),
    });
  }
  return stored;
};

export const toStampResponse = (stamp: StoredStamp): Stamp => ({
  id: stamp.id,
  page: stamp.page,
  rectX: stamp.rectX,
  rectY: stamp.rectY,
  rectWidth: stamp.rectWidth,
  rectHeight: stamp.rectHeight,
  image: `data:image/png;base64,${stamp.png.toString('base64')}`,
});

/** Keeps the stamps that still lie on the new pages of a replaced PDF; names the others. */
export const stampsThatFit = (stamps: readonly StoredStamp[], pages: PageInfo[]) => {
  const kept: StoredStamp[] = [];
  const removed: string[] = [];
  stamps.forEach((stamp, index) => {
    try {
      checkOnPage(nameOf(index), stamp, pages);
      kept.push(stamp);
    } catch {
      removed.push(nameOf(index));
    }
  });
  return { kept, removed };
};

const STAMP_LABEL_PREFIX = 'stamp:';

/** Stamps drawn by the engine as image fields whose value never changes. */
export const stampsAsFields = (stamps: readonly StoredStamp[]) => {
  const fields: FieldSpec[] = stamps.map((stamp) => ({
    id: stamp.id,
    label: `${STAMP_LABEL_PREFIX}${stamp.id}`,
    type: 'image',
    page: stamp.page,
    rectX: stamp.rectX,
    rectY: stamp.rectY,
    rectWidth: stamp.rectWidth,
    rectHeight: stamp.rectHeight,
    fontSize: 12,
    fontFamily: 'helvetica',
    textAlign: 'center',
    fontColor: '#000000',
  }));
  const values: FieldValues = Object.fromEntries(
    stamps.map((stamp) => [`${STAMP_LABEL_PREFIX}${stamp.id}`, new Uint8Array(stamp.png)]),
  );
  return { fields, values };
};

export const isStampLabel = (label: string) => label.startsWith(STAMP_LABEL_PREFIX);
