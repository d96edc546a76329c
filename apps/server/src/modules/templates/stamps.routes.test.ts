import type { TemplateResponse } from '@platen/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusBuffer } from '../../../test/corpus.ts';
import { call, signUp, type Account } from '../../../test/http.ts';
import { countImages, makePdf } from '../../../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import {
  heaviestAcceptedSvg,
  logoSvg,
  oversizedSvg,
  turbulenceSvg,
  useBombSvg,
} from '../../../test/hostile-svg.ts';
import { apiKeyOf, generate, getTemplate, uploadTemplate } from '../../../test/templates.ts';
import { stampPicturesRule } from './stamps.ts';

const dataUri = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe.each(testDatabases())('stamps on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let logo: string;
  /** A 40-megapixel PNG of one colour: a few kilobytes to send, 40 megapixels to decode. */
  let flood: string;

  beforeAll(async () => {
    app = await buildTestApp(database, { maxUploadBytes: 8 * 1024 * 1024 });
    ada = await signUp(app);
    await uploadTemplate(app, ada, { name: 'Stamped', pdf: await makePdf({ pages: 2 }) });
    const webp = await sharp({
      create: { width: 300, height: 120, channels: 4, background: '#e03131' },
    })
      .webp()
      .toBuffer();
    logo = dataUri('image/webp', webp);
    const big = await sharp({
      create: { width: 8000, height: 5000, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    flood = dataUri('image/png', big);
  });
  afterAll(() => app.dispose());

  const save = (stamps: unknown[]) =>
    call(app, 'PUT', '/v1/template', {
      token: ada.token,
      body: { templateName: 'Stamped', inputs: [], stamps },
    });
  const at = { page: 1, rectX: 400, rectY: 40, rectWidth: 150, rectHeight: 60 };

  it('saves a stamp as a re-encoded PNG and returns it with the template', async () => {
    const res = await save([{ ...at, image: logo }]);
    expect(res.statusCode, res.body).toBe(200);
    const [stamp] = res.json<TemplateResponse>().stamps;
    expect(stamp).toMatchObject({ ...at, id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown });
    expect(stamp?.image).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(stamp?.image.split(',')[1] ?? '', 'base64');
    expect((await sharp(png).metadata()).format).toBe('png');
  });

  it('keeps a saved picture when the stamp is sent back without one, and moves it', async () => {
    const [saved] = (await save([{ ...at, image: logo }])).json<TemplateResponse>().stamps;
    const moved = await save([{ ...at, id: saved?.id, rectX: 100 }]);
    const [stamp] = moved.json<TemplateResponse>().stamps;
    expect(stamp).toMatchObject({ id: saved?.id, rectX: 100, image: saved?.image });
  });

  it('leaves stamps alone when a save does not mention them', async () => {
    await save([{ ...at, image: logo }]);
    await call(app, 'PUT', '/v1/template', {
      token: ada.token,
      body: { templateName: 'Stamped', inputs: [] },
    });
    expect((await getTemplate(app, ada, 'Stamped')).stamps).toHaveLength(1);
  });

  it.each([
    [[{ ...at }], 'Stamp 1 needs a picture.'],
    [
      [{ ...at, page: 3, image: 'x' }],
      'The field "Stamp 1" is on page 3, but the template has 2 pages.',
    ],
    [
      [{ ...at, image: 'data:text/html;base64,PHNjcmlwdD4=' }],
      'A stamp picture must be sent as a base64 data: URI.',
    ],
    [
      [{ ...at, image: 'data:image/png;base64,PHNjcmlwdD4=' }],
      'This stamp picture cannot be read. Please use PNG, JPEG, WebP, GIF, AVIF or SVG.',
    ],
  ])('refuses %j', async (stamps, message) => {
    await save([{ ...at, image: logo }]);
    const res = await save(stamps);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
    expect((await getTemplate(app, ada, 'Stamped')).stamps).toHaveLength(1);
  });

  it('draws a logo SVG as drawing programs export it', async () => {
    const res = await save([{ ...at, image: dataUri('image/svg+xml', logoSvg()) }]);
    expect(res.statusCode, res.body).toBe(200);
    const [stamp] = res.json<TemplateResponse>().stamps;
    const png = Buffer.from(stamp?.image.split(',')[1] ?? '', 'base64');
    // 120 mm wide at 300 dpi: 1417 px
    expect((await sharp(png).metadata()).width).toBeCloseTo(1417, -1);
  });

  const svgStamp = (svg: Buffer) => ({ ...at, image: dataUri('image/svg+xml', svg) });
  it.each([
    [
      'the nested <use> bomb',
      () => [svgStamp(useBombSvg())],
      'This SVG stamp is too complex to draw: it repeats or layers too many shapes. Please simplify it or upload it as a PNG.',
    ],
    [
      'a feTurbulence filter',
      () => [svgStamp(turbulenceSvg())],
      'SVG stamps cannot use filters, patterns, markers or embedded pictures. Please upload this stamp as a PNG.',
    ],
    [
      'a declared size of 20 km',
      () => [svgStamp(oversizedSvg())],
      'This SVG stamp declares a size of 20000000 × 20000000 px, too large to draw. Please set its width and height to its real size.',
    ],
    [
      'more picture work than one save may take',
      () => Array.from({ length: 6 }, () => svgStamp(heaviestAcceptedSvg())),
      'The new stamp pictures are too large to process in one save (239 megapixels; at most 200). Please use smaller pictures or add them over several saves.',
    ],
    [
      'six 40-megapixel pictures in one save',
      () => Array.from({ length: 6 }, () => ({ ...at, image: flood })),
      'The new stamp pictures are too large to process in one save (240 megapixels; at most 200). Please use smaller pictures or add them over several saves.',
    ],
    [
      'a hostile stamp after a good one',
      () => [{ ...at, image: logo }, svgStamp(useBombSvg())],
      'This SVG stamp is too complex to draw: it repeats or layers too many shapes. Please simplify it or upload it as a PNG.',
    ],
  ])('refuses %s before drawing it, and saves nothing', async (_, stamps, message) => {
    const [kept] = (await save([{ ...at, image: logo }])).json<TemplateResponse>().stamps;
    const res = await save(stamps());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_IMAGE', message });
    expect((await getTemplate(app, ada, 'Stamped')).stamps).toEqual([kept]);
  });

  it('refuses the same stamp sent twice in one save, and saves nothing', async () => {
    const [kept] = (await save([{ ...at, image: logo }])).json<TemplateResponse>().stamps;
    const res = await save([
      { ...at, id: kept?.id },
      { ...at, id: kept?.id, rectX: 100 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Stamp 2 has the same id as Stamp 1. Each stamp can be sent only once.',
    });
    expect((await getTemplate(app, ada, 'Stamped')).stamps).toEqual([kept]);
  });

  it('counts the saves that bring new stamp pictures, per account', async () => {
    const bea = await signUp(app);
    await uploadTemplate(app, bea, { name: 'Throttled', pdf: await makePdf() });
    const saveAsBea = (stamps: unknown[]) =>
      call(app, 'PUT', '/v1/template', {
        token: bea.token,
        body: { templateName: 'Throttled', inputs: [], stamps },
      });
    // A refused picture counts as well: the budget is of attempts at image work.
    const unreadable = { ...at, image: 'data:image/png;base64,AAAA' };
    for (let i = 0; i < stampPicturesRule.limit; i += 1) {
      expect((await saveAsBea([unreadable])).statusCode).toBe(400);
    }
    const res = await saveAsBea([unreadable]);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Saves without new pictures (moving fields, moving stamps) are not image work.
    expect((await saveAsBea([])).statusCode).toBe(200);
    // Other accounts keep their own budget.
    expect((await save([{ ...at, image: logo }])).statusCode).toBe(200);
  });

  it('rasterises a hostile SVG into plain pixels', async () => {
    const svg = await corpusBuffer('svg-script-onload-foreignobject.svg');
    expect(svg.toString('latin1')).toMatch(/<script|onload/);
    const res = await save([{ ...at, image: dataUri('image/svg+xml', svg) }]);
    expect(res.statusCode, res.body).toBe(200);
    const [stamp] = res.json<TemplateResponse>().stamps;
    const png = Buffer.from(stamp?.image.split(',')[1] ?? '', 'base64');
    expect(png.toString('latin1')).not.toMatch(/script|onload/i);
  });

  it('draws the stamps into generated documents, without listing them in the fit report', async () => {
    await save([{ ...at, image: logo }]);
    const res = await generate(app, await apiKeyOf(app, ada, 'Stamped'), {
      templateName: 'Stamped',
      fields: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(String(res.headers['x-fit-report']))).toEqual({});
    expect(await countImages(res.rawPayload)).toBe(1);
  });
});
