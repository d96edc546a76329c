import type { Db } from '../../db/tables.ts';

export type StoredStamp = {
  id: string;
  page: number;
  rectX: number;
  rectY: number;
  rectWidth: number;
  rectHeight: number;
  png: Buffer;
};

/** Where a stamp sits, as the draft's and the versions' stamp tables both hold it. */
type StampPlaceRow = {
  id: string;
  page: number;
  rect_x: number;
  rect_y: number;
  rect_width: number;
  rect_height: number;
};

/** A stamp row and its picture as a stamp: the draft's and a version's read alike. */
export const stampRowToStamp = (row: StampPlaceRow, png: Buffer): StoredStamp => ({
  id: row.id,
  page: Number(row.page),
  rectX: Number(row.rect_x),
  rectY: Number(row.rect_y),
  rectWidth: Number(row.rect_width),
  rectHeight: Number(row.rect_height),
  png,
});

export const listStamps = async (db: Db, templateId: string): Promise<StoredStamp[]> => {
  const rows = await db
    .selectFrom('template_stamps')
    .selectAll()
    .where('template_id', '=', templateId)
    .orderBy('position')
    .execute();
  return rows.map((row) => stampRowToStamp(row, row.png));
};

/** Replaces a template's stamps; call it inside the transaction that bumps the revision. */
export const replaceStamps = async (db: Db, templateId: string, stamps: StoredStamp[]) => {
  await db.deleteFrom('template_stamps').where('template_id', '=', templateId).execute();
  if (stamps.length === 0) return;
  await db
    .insertInto('template_stamps')
    .values(
      stamps.map((s, position) => ({
        id: s.id,
        template_id: templateId,
        position,
        page: s.page,
        rect_x: s.rectX,
        rect_y: s.rectY,
        rect_width: s.rectWidth,
        rect_height: s.rectHeight,
        png: s.png,
      })),
    )
    .execute();
};
