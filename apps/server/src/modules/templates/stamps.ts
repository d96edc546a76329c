import { randomUUID } from 'node:crypto';
import type { Stamp, StampBody } from '@platen/contract';
import type { FieldSpec, FieldValues, PageInfo } from '@platen/pdf-engine';
import { AppError } from '../../lib/app-error.ts';
import { stampPng } from './stamp-image.ts';
import type { StoredStamp } from './stamps.repository.ts';
import { checkOnPage } from './template-fields.ts';

const nameOf = (index: number) => `Stamp ${index + 1}`;

/**
 * The stamps of a save request, ready to store: each lies on its page; a saved stamp sent without
 * a picture keeps the one it has; new pictures are decoded and re-encoded.
 */
export const toStoredStamps = async (
  stamps: readonly StampBody[],
  saved: readonly StoredStamp[],
  pages: PageInfo[],
): Promise<StoredStamp[]> => {
  const savedById = new Map(saved.map((s) => [s.id, s]));
  return Promise.all(
    stamps.map(async (stamp, index) => {
      checkOnPage(nameOf(index), stamp, pages);
      const previous = stamp.id ? savedById.get(stamp.id) : undefined;
      if (!stamp.image && !previous) {
        throw new AppError('INVALID_IMAGE', 400, `${nameOf(index)} needs a picture.`);
      }
      return {
        id: previous?.id ?? randomUUID(),
        page: stamp.page,
        rectX: stamp.rectX,
        rectY: stamp.rectY,
        rectWidth: stamp.rectWidth,
        rectHeight: stamp.rectHeight,
        png: stamp.image ? await stampPng(stamp.image) : (previous?.png ?? Buffer.alloc(0)),
      };
    }),
  );
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
