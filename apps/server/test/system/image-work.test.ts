import type { TemplateResponse } from '@platen/contract';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { heaviestAcceptedSvg, turbulenceSvg, useBombSvg } from '../hostile-svg.ts';
import { makePdf } from '../pdf-fixtures.ts';
import { dataUri, remoteCall, remoteCreateTemplate, remoteSignUp } from '../remote.ts';
import { createSystemData, type SystemData } from '../system-server.ts';

/** libuv's default pool size: one save per thread image work could take without a limit. */
const SAVES = 4;
/** Long enough for the saves to reach their pictures; only an order is asserted. */
const LET_SAVES_START_MS = 300;

const stampOf = (svg: Buffer) => ({
  page: 1,
  rectX: 10,
  rectY: 10,
  rectWidth: 100,
  rectHeight: 100,
  image: dataUri('image/svg+xml', svg),
});

describe('image work on a real server', () => {
  let data: SystemData;
  afterAll(() => data?.dispose());

  it(
    'refuses hostile SVG stamps at their cost limit, and logins and static files never wait behind image work',
    { timeout: 180_000 },
    async () => {
      data = await createSystemData('sqlite');
      // A built web app to serve: its files are read through libuv's pool too.
      const webDir = join(data.dataDir, 'web');
      mkdirSync(join(webDir, 'assets'), { recursive: true });
      writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Platen</title>');
      const asset = Buffer.alloc(512 * 1024, 'x');
      writeFileSync(join(webDir, 'assets', 'app.js'), asset);
      const { url } = await data.start({ WEB_DIST_DIR: webDir });
      const mallory = await remoteSignUp(url);
      const ada = await remoteSignUp(url);
      const names = [...Array(SAVES).keys()].map((i) => `Stamped ${i}`);
      for (const name of names) {
        expect((await remoteCreateTemplate(url, mallory.token, name, await makePdf())).status).toBe(
          200,
        );
      }
      const save = (templateName: string, stamps: unknown[]) =>
        remoteCall(url, 'PUT', '/v1/template', {
          token: mallory.token,
          body: { templateName, inputs: [], stamps },
        });

      // The save of the report: four stamps of nested <use>, once minutes of librsvg.
      const bombs = await save(names[0] ?? '', [
        ...Array.from({ length: 3 }, () => stampOf(useBombSvg())),
        stampOf(turbulenceSvg()),
      ]);
      expect(bombs.status).toBe(400);
      expect(bombs.json()).toMatchObject({
        code: 'INVALID_IMAGE',
        message:
          'This SVG stamp is too complex to draw: it repeats or layers too many shapes. ' +
          'Please simplify it or upload it as a PNG.',
      });
      const stored = await remoteCall(
        url,
        'GET',
        `/v1/template/${encodeURIComponent(names[0] ?? '')}`,
        {
          token: mallory.token,
        },
      );
      expect(stored.json<TemplateResponse>().stamps).toEqual([]);

      // What the limits let through, as much of it at once as there are pool threads: a login
      // and a static file asked for meanwhile must not queue behind it.
      const finished: string[] = [];
      const saves = names.map(async (name) => {
        const res = await save(name, [stampOf(heaviestAcceptedSvg())]);
        finished.push(`save ${name}`);
        return res;
      });
      await pause(LET_SAVES_START_MS);
      const login = remoteCall(url, 'POST', '/v1/auth/login', {
        body: { email: ada.email, password: ada.password },
      }).then((res) => {
        finished.push('login');
        return res;
      });
      const staticFile = fetch(`${url}/assets/app.js`).then(async (res) => {
        const body = Buffer.from(await res.arrayBuffer());
        finished.push('static file');
        return { status: res.status, body };
      });
      expect((await login).status).toBe(200);
      expect(await staticFile).toEqual({ status: 200, body: asset });
      for (const res of await Promise.all(saves)) expect(res.status, res.body).toBe(200);
      expect(finished.slice(0, 2).sort()).toEqual(['login', 'static file']);
    },
  );
});
