import type { Job } from '@platen/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog, userIdOf } from '../../../test/billing.ts';
import { corpusBuffer } from '../../../test/corpus.ts';
import { signUp, type Account } from '../../../test/http.ts';
import { createBatch, waitForJob } from '../../../test/jobs.ts';
import { makePdf } from '../../../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import {
  apiKeyOf,
  generate,
  saveFields,
  textField,
  uploadTemplate,
  usedThisCycle,
} from '../../../test/templates.ts';
import { createPdfPool } from '../../pdf-pool/pdf-pool.ts';

const dataUri = (bytes: Buffer, type = 'image/png') =>
  `data:${type};base64,${bytes.toString('base64')}`;

/** A 32 × 32 PNG whose header claims another size: only a header read sees that size. */
const pngClaiming = async (width: number, height: number) => {
  const png = Buffer.from(await corpusBuffer('picture-rgba-32x32.png'));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return png;
};

const PHOTOS = ['Photo 1', 'Photo 2', 'Photo 3', 'Photo 4', 'Photo 5', 'Photo 6'];

/** The highest RSS of this process while `work` runs, above what it was before. */
const rssGrowthDuring = async <T>(work: () => Promise<T>) => {
  const before = process.memoryUsage().rss;
  let peak = before;
  const watch = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - before) / 2 ** 20 };
  } finally {
    clearInterval(watch);
  }
};

describe.each(testDatabases())('image values on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let apiKey: string;
  let userId: string;
  const tasksQueued: string[] = [];

  beforeAll(async () => {
    const pdfPool = createPdfPool({
      log: capturedLog().log,
      observe: ({ kind, name, userId }) => {
        if (kind === 'queued') tasksQueued.push(`${name} ${userId}`);
      },
    });
    app = await buildTestApp(database, {}, { pdfPool });
    ada = await signUp(app);
    userId = await userIdOf(app, ada.email);
    await uploadTemplate(app, ada, { name: 'Album', pdf: await makePdf() });
    await saveFields(
      app,
      ada,
      'Album',
      PHOTOS.map((label, i) =>
        textField(label, { fieldType: 'image', rectY: 80 + i * 110, rectHeight: 100 }),
      ),
    );
    apiKey = await apiKeyOf(app, ada, 'Album');
  });
  afterAll(() => app.dispose());

  const fillsQueued = () => tasksQueued.filter((task) => task === `fillDocument ${userId}`);

  it('refuses a gzipped SVG sent as a PNG from its first bytes, without parsing it', async () => {
    const svgz = await corpusBuffer('svgz-million-rects.svgz');
    const before = await usedThisCycle(app, ada.email);
    const { result: res, growthMb } = await rssGrowthDuring(() =>
      generate(app, apiKey, { templateName: 'Album', fields: { 'Photo 1': dataUri(svgz) } }),
    );
    expect(res.statusCode).toBe(400);
    // librsvg, asked only for this drawing's size, grows the process by about 1.6 GB.
    expect(growthMb).toBeLessThan(200);
    expect(res.json()).toMatchObject({
      code: 'IMAGE_NOT_ALLOWED',
      message:
        'The image for "Photo 1" is compressed (gzip, as in .svgz); send a PNG, JPEG, WebP or GIF picture.',
    });
    expect(await usedThisCycle(app, ada.email)).toBe(before);
  });

  it('refuses an SVG drawing, whatever type its data: URI claims', async () => {
    const svg = await corpusBuffer('svg-script-onload-foreignobject.svg');
    for (const type of ['image/png', 'image/svg+xml']) {
      const res = await generate(app, apiKey, {
        templateName: 'Album',
        fields: { 'Photo 2': dataUri(svg, type) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'IMAGE_NOT_ALLOWED',
        message:
          'The image for "Photo 2" is an SVG drawing; send a PNG, JPEG, WebP or GIF picture.',
      });
    }
  });

  it('refuses pictures over the pixel budget of one document from their headers, naming them, before any work', async () => {
    const before = await usedThisCycle(app, ada.email);
    const queued = fillsQueued().length;
    const res = await generate(app, apiKey, {
      templateName: 'Album',
      fields: {
        'Photo 1': dataUri(await pngClaiming(2000, 1000)),
        'Photo 2': dataUri(await pngClaiming(3000, 2400)),
        'Photo 3': dataUri(await corpusBuffer('picture-rgba-32x32.png')),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'IMAGE_NOT_ALLOWED',
      message:
        'The PNG, WebP and GIF pictures of one document may hold 8 megapixels in all; these hold ' +
        '9.2 megapixels: "Photo 2" (3000 × 2400), "Photo 1" (2000 × 1000), "Photo 3" (32 × 32). ' +
        'Send smaller pictures, or photos as JPEG.',
    });
    expect(fillsQueued()).toHaveLength(queued);
    expect(await usedThisCycle(app, ada.email)).toBe(before);
  });

  it('does not count JPEG photos, which the engine copies without decoding', async () => {
    const photo = await sharp({
      create: { width: 4000, height: 4000, channels: 3, background: '#3060c0' },
    })
      .jpeg()
      .toBuffer();
    const res = await generate(app, apiKey, {
      templateName: 'Album',
      fields: Object.fromEntries(PHOTOS.map((label) => [label, dataUri(photo, 'image/jpeg')])),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('checks the budget per item of a batch: that item fails, naming its pictures, the others fill', async () => {
    const res = await createBatch(app, apiKey, {
      templateName: 'Album',
      items: [
        { 'Photo 1': dataUri(await pngClaiming(4000, 4000)) },
        { 'Photo 1': dataUri(await corpusBuffer('picture-rgba-32x32.png')) },
      ],
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(app, apiKey, res.json<Job>().id);
    expect(job).toMatchObject({ status: 'succeeded', progress: { done: 2, failed: 1 } });
    expect(job.failures).toEqual([
      {
        index: 0,
        field: 'Photo 1',
        code: 'IMAGE_NOT_ALLOWED',
        message: expect.stringContaining(
          'these hold 16 megapixels: "Photo 1" (4000 × 4000)',
        ) as string,
      },
    ]);
  });
});
