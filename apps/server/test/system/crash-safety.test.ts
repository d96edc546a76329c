import type { TemplateListResponse, TemplateResponse } from '@platen/contract';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { makePdf, pageCountOf } from '../pdf-fixtures.ts';
import {
  dataUri,
  remoteApiKey,
  remoteCall,
  remoteCreateTemplate,
  remoteGenerate,
  remoteSignUp,
} from '../remote.ts';
import { stopServerProcess } from '../server-process.ts';
import { createSystemData, type SystemData } from '../system-server.ts';
import { testDatabases } from '../test-app.ts';
import { textField } from '../templates.ts';

/** What the clients sent and what the server acknowledged (answered 2xx) before it died. */
type Ledger = {
  uploads: { name: string; pages: number }[];
  saves: Map<string, { acked: number; sent: number }>;
  generates: { sent: number; acked: number };
};

const UPLOAD_LANES = 2;
const SAVE_LANES = 2;
const GENERATE_LANES = 3;
/** Acknowledged writes of each kind before the kill, so it lands in the middle of the work. */
const BEFORE_KILL = { uploads: 4, saves: 6, generates: 10 };

const savedFields = (seq: number) => [
  textField(`s${seq}-a`),
  textField(`s${seq}-b`, { rectY: 200 }),
  textField(`s${seq}-c`, { rectY: 300 }),
];

describe.each(testDatabases())('SIGKILL during concurrent writes on %s', (database) => {
  let data: SystemData;
  afterAll(() => data?.dispose());

  it(
    'keeps every acknowledged upload, save and document, and nothing half-written',
    { timeout: 180_000 },
    async () => {
      data = await createSystemData(database);
      const server = await data.start();
      const url = server.url;
      const { token } = await remoteSignUp(url);
      expect((await remoteCreateTemplate(url, token, 'Base', await makePdf())).status).toBe(200);
      const apiKey = await remoteApiKey(url, token, 'Base');
      for (let k = 0; k < SAVE_LANES; k += 1) {
        expect((await remoteCreateTemplate(url, token, `Save ${k}`, await makePdf())).status).toBe(
          200,
        );
      }
      const stamp = dataUri(
        'image/png',
        await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c00' } })
          .png()
          .toBuffer(),
      );
      const pdfs = await Promise.all([1, 2, 3].map((pages) => makePdf({ pages })));

      const ledger: Ledger = {
        uploads: [],
        saves: new Map(),
        generates: { sent: 0, acked: 0 },
      };
      let isDead = false;
      let reachedTarget: () => void = () => undefined;
      const targetReached = new Promise<void>((resolve) => (reachedTarget = resolve));
      const check = () => {
        const saves = [...ledger.saves.values()].reduce((sum, s) => sum + s.acked, 0);
        if (
          ledger.uploads.length >= BEFORE_KILL.uploads &&
          saves >= BEFORE_KILL.saves &&
          ledger.generates.acked >= BEFORE_KILL.generates
        ) {
          reachedTarget();
        }
      };
      /** Runs `step` until the server dies; a request cut off by the kill has no answer. */
      const lane = async (step: (i: number) => Promise<void>) => {
        for (let i = 0; !isDead; i += 1) {
          try {
            await step(i);
          } catch {
            return;
          }
          check();
        }
      };
      const uploadLane = (l: number) =>
        lane(async (i) => {
          const name = `Upload ${l}-${i}`;
          const pages = 1 + (i % 3);
          const res = await remoteCreateTemplate(url, token, name, pdfs[pages - 1] as Buffer);
          if (res.status === 200) ledger.uploads.push({ name, pages });
        });
      const saveLane = (k: number) => {
        const name = `Save ${k}`;
        const entry = { acked: 0, sent: 0 };
        ledger.saves.set(name, entry);
        return lane(async (i) => {
          const seq = i + 1;
          entry.sent = seq;
          const res = await remoteCall(url, 'PUT', '/v1/template', {
            token,
            body: {
              templateName: name,
              inputs: savedFields(seq),
              stamps: [
                {
                  page: 1,
                  rectX: 20,
                  rectY: 20 + seq,
                  rectWidth: 80,
                  rectHeight: 40,
                  image: stamp,
                },
              ],
            },
          });
          if (res.status === 200) entry.acked = seq;
        });
      };
      const generateLane = () =>
        lane(async () => {
          ledger.generates.sent += 1;
          const res = await remoteGenerate(url, apiKey, 'Base', {});
          if (res.status === 200) ledger.generates.acked += 1;
        });

      const lanes = Promise.all([
        ...[...Array(UPLOAD_LANES).keys()].map(uploadLane),
        ...[...Array(SAVE_LANES).keys()].map(saveLane),
        ...[...Array(GENERATE_LANES).keys()].map(generateLane),
      ]);
      await targetReached;
      isDead = true;
      await stopServerProcess(server, 'SIGKILL');
      await lanes;

      const restarted = await data.start();
      const get = (path: string) => remoteCall(restarted.url, 'GET', path, { token });

      // Every acknowledged upload is there, whole: its PDF, page count and preview.
      for (const upload of ledger.uploads) {
        const res = await get(`/v1/template/${encodeURIComponent(upload.name)}`);
        expect(res.status, upload.name).toBe(200);
        const template = res.json<TemplateResponse>();
        expect(template.pages).toHaveLength(upload.pages);
        expect(await pageCountOf(Buffer.from(template.file, 'base64'))).toBe(upload.pages);
        expect((await sharp(Buffer.from(template.thumbnail, 'base64')).metadata()).format).toBe(
          'png',
        );
      }
      // Whatever else was written (answered or cut off) is whole too: no template without its file.
      const list = (await get('/v1/template?page=0&size=100')).json<TemplateListResponse>();
      for (const { templateName } of list.templates) {
        const res = await get(`/v1/template/${encodeURIComponent(templateName)}`);
        expect(res.status, templateName).toBe(200);
        const template = res.json<TemplateResponse>();
        expect(await pageCountOf(Buffer.from(template.file, 'base64'))).toBe(template.pages.length);
      }
      // Each saved template holds one whole save: the last acknowledged one or a later one.
      for (const [name, { acked, sent }] of ledger.saves) {
        const template = (
          await get(`/v1/template/${encodeURIComponent(name)}`)
        ).json<TemplateResponse>();
        const seqs = new Set(template.inputs.map((input) => /^s(\d+)-/.exec(input.label)?.[1]));
        expect(seqs.size, `${name}: fields of one save`).toBe(1);
        const seq = Number([...seqs][0]);
        expect(seq).toBeGreaterThanOrEqual(acked);
        expect(seq).toBeLessThanOrEqual(sent);
        expect(template.inputs.map((input) => input.label)).toEqual(
          savedFields(seq).map((f) => f.label),
        );
        expect(template.stamps).toMatchObject([{ rectY: 20 + seq }]);
      }
      // Every delivered document is counted; at most the ones cut off on the way are added.
      const subscription = (await get('/v1/subscription')).json<{
        pdfsGeneratedThisMonth: number;
      }>();
      expect(subscription.pdfsGeneratedThisMonth).toBeGreaterThanOrEqual(ledger.generates.acked);
      expect(subscription.pdfsGeneratedThisMonth).toBeLessThanOrEqual(ledger.generates.sent);
      const db = data.openDb();
      try {
        const usage = await db.selectFrom('usage_months').select('documents').execute();
        expect(usage.reduce((sum, row) => sum + Number(row.documents), 0)).toBe(
          subscription.pdfsGeneratedThisMonth,
        );
      } finally {
        await db.destroy();
      }
      console.info(
        `Crash on ${database}: acknowledged ${ledger.uploads.length} uploads, ` +
          `${[...ledger.saves.values()].map((s) => `${s.acked}/${s.sent}`).join(' + ')} saves (acked/sent), ` +
          `${ledger.generates.acked}/${ledger.generates.sent} documents; ` +
          `${list.templates.length} templates after restart, ${subscription.pdfsGeneratedThisMonth} documents counted`,
      );
    },
  );
});
