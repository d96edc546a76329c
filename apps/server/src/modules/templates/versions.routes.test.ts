import type {
  ErrorResponse,
  TemplateListResponse,
  TemplateVersionDetail,
  TemplateVersionList,
  TemplateVersionSummary,
} from '@platen/contract';
import { TEMPLATE_VERSION_HEADER } from '@platen/contract';
import { Migrator } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/database.ts';
import { migrations } from '../../db/migrations/index.ts';
import { call, signUp, type Account } from '../../../test/http.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { makePdf, pageCountOf } from '../../../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import {
  apiKeyOf,
  generate,
  getTemplate,
  saveFields,
  textField,
  uploadTemplate,
  usedThisCycle,
} from '../../../test/templates.ts';

describe.each(testDatabases())('template versions on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let bob: Account;
  let pdf: Buffer;

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    bob = await signUp(app);
    pdf = await makePdf({ pages: 2 });
  });
  afterAll(() => app.dispose());

  const path = (name: string, rest = '') => `/v1/template/${encodeURIComponent(name)}${rest}`;
  const create = async (name: string, account = ada) => {
    const res = await uploadTemplate(app, account, { name, pdf });
    expect(res.statusCode, res.body).toBe(200);
  };
  const publish = (name: string, body: Record<string, unknown> = {}, account = ada) =>
    call(app, 'POST', path(name, '/publish'), { token: account.token, body });
  const published = async (name: string, body: Record<string, unknown> = {}) => {
    const res = await publish(name, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TemplateVersionSummary>();
  };
  const save = async (name: string, inputs: Parameters<typeof saveFields>[3]) => {
    const res = await saveFields(app, ada, name, inputs);
    expect(res.statusCode, res.body).toBe(200);
  };

  it('fills the draft until the first publish, then the latest version; a pinned version stays byte-identical', async () => {
    await create('Contract');
    await save('Contract', [textField('Name'), textField('City', { rectY: 140 })]);
    const apiKey = await apiKeyOf(app, ada, 'Contract');
    const payload = { templateName: 'Contract', fields: { Name: 'Ada', City: 'London' } };

    const unpublished = await generate(app, apiKey, payload);
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect(unpublished.headers[TEMPLATE_VERSION_HEADER]).toBe('draft');
    expect(unpublished.headers['access-control-expose-headers']).toContain(TEMPLATE_VERSION_HEADER);

    expect((await published('Contract', { note: 'First' })).version).toBe(1);
    const v1 = await generate(app, apiKey, payload);
    expect(v1.headers[TEMPLATE_VERSION_HEADER]).toBe('1');

    // The draft moves on: a saved change is not what integrations get until it is published.
    await save('Contract', [textField('Name', { rectY: 300 }), textField('City', { rectY: 140 })]);
    const stillV1 = await generate(app, apiKey, payload);
    expect(stillV1.headers[TEMPLATE_VERSION_HEADER]).toBe('1');
    expect(Buffer.compare(stillV1.rawPayload, v1.rawPayload)).toBe(0);
    const draft = await generate(app, apiKey, { ...payload, version: 'draft' });
    expect(draft.headers[TEMPLATE_VERSION_HEADER]).toBe('draft');
    expect(Buffer.compare(draft.rawPayload, v1.rawPayload)).not.toBe(0);

    const v2 = await published('Contract', { note: 'Name lower' });
    expect(v2).toMatchObject({ version: 2, note: 'Name lower', publishedBy: ada.email });
    expect(v2.changes).toEqual([{ kind: 'moved', label: 'Name', type: 'text', breaking: false }]);
    const latest = await generate(app, apiKey, payload);
    expect(latest.headers[TEMPLATE_VERSION_HEADER]).toBe('2');
    const pinned = await generate(app, apiKey, { ...payload, version: 1 });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.headers[TEMPLATE_VERSION_HEADER]).toBe('1');
    expect(Buffer.compare(pinned.rawPayload, v1.rawPayload)).toBe(0);

    const tryout = await call(app, 'POST', '/v1/document/tryout/template', {
      token: ada.token,
      body: { templateName: 'Contract' },
    });
    expect(tryout.statusCode).toBe(200);
    expect(tryout.headers[TEMPLATE_VERSION_HEADER]).toBe('draft');

    const missing = await generate(app, apiKey, { ...payload, version: 7 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorResponse>()).toMatchObject({
      code: 'VERSION_NOT_FOUND',
      message: 'The template "Contract" has no published version 7.',
    });
  });

  it('draws a version its own stamps and counts its documents like any other', async () => {
    await create('Stamped');
    const png = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#1c7ed6' },
    })
      .png()
      .toBuffer();
    const stamp = {
      page: 1,
      rectX: 300,
      rectY: 40,
      rectWidth: 80,
      rectHeight: 40,
      image: `data:image/png;base64,${png.toString('base64')}`,
    };
    const saved = await call(app, 'PUT', '/v1/template', {
      token: ada.token,
      body: { templateName: 'Stamped', inputs: [textField('Name')], stamps: [stamp] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await published('Stamped');
    const apiKey = await apiKeyOf(app, ada, 'Stamped');
    const payload = { templateName: 'Stamped', fields: { Name: 'Ada' } };
    const v1 = await generate(app, apiKey, payload);
    expect(
      (
        await call(app, 'GET', path('Stamped', '/versions/1'), { token: ada.token })
      ).json<TemplateVersionDetail>().stamps,
    ).toHaveLength(1);

    const unstamped = await call(app, 'PUT', '/v1/template', {
      token: ada.token,
      body: { templateName: 'Stamped', inputs: [textField('Name')], stamps: [] },
    });
    expect(unstamped.statusCode).toBe(200);
    const used = () => usedThisCycle(app, ada.email);
    const before = await used();
    const again = await generate(app, apiKey, payload);
    expect(Buffer.compare(again.rawPayload, v1.rawPayload)).toBe(0);
    const draft = await generate(app, apiKey, { ...payload, version: 'draft' });
    expect(draft.rawPayload.length).toBeLessThan(v1.rawPayload.length);
    expect(await used()).toBe(before + 2);
  });

  it('generates by template id, and needs exactly one of id and name', async () => {
    await create('By id');
    const { id, apiKey } = await getTemplate(app, ada, 'By id');
    const byId = await generate(app, apiKey, { templateId: id, fields: {} });
    expect(byId.statusCode, byId.body).toBe(200);
    expect(await pageCountOf(byId.rawPayload)).toBe(2);
    const both = await generate(app, apiKey, { templateId: id, templateName: 'By id' });
    expect(both.statusCode).toBe(400);
    expect(both.json<ErrorResponse>().message).toBe('Send either templateName or templateId.');
    expect((await generate(app, apiKey, { fields: {} })).statusCode).toBe(400);
    const bobKey = await apiKeyOf(app, bob, (await create('Bob own', bob), 'Bob own'));
    const foreign = await generate(app, bobKey, { templateId: id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<ErrorResponse>().code).toBe('TEMPLATE_NOT_FOUND');
  });

  it('refuses a breaking publish and lists the changes, and publishes it when accepted', async () => {
    await create('Breaking');
    await save('Breaking', [
      textField('Name'),
      textField('Zip', { rectY: 140 }),
      textField('Agree', { rectY: 180 }),
      textField('Gone', { rectY: 220 }),
    ]);
    await published('Breaking');
    const before = await getTemplate(app, ada, 'Breaking');
    await save('Breaking', [
      ...before.inputs
        .filter((input) => input.label !== 'Gone')
        .map(({ type: _type, ...input }) =>
          textField(input.label === 'Zip' ? 'Postcode' : input.label, {
            ...input,
            label: input.label === 'Zip' ? 'Postcode' : input.label,
            fieldType: input.label === 'Agree' ? 'checkbox' : 'text',
          }),
        ),
      textField('Phone', { rectY: 260 }),
    ]);
    const refused = await publish('Breaking');
    expect(refused.statusCode).toBe(409);
    const body = refused.json<ErrorResponse>();
    expect(body.code).toBe('BREAKING_CHANGES');
    expect(body.changes).toEqual([
      { kind: 'renamed', label: 'Postcode', previousLabel: 'Zip', type: 'text', breaking: true },
      {
        kind: 'typeChanged',
        label: 'Agree',
        previousType: 'text',
        type: 'checkbox',
        breaking: true,
      },
      { kind: 'removed', label: 'Gone', type: 'text', breaking: true },
    ]);
    expect((await getTemplate(app, ada, 'Breaking')).publishedVersion).toBe(1);

    const accepted = await published('Breaking', { acceptBreaking: true, note: 'v2' });
    expect(accepted.version).toBe(2);
    expect(accepted.changes.map((c) => `${c.kind} ${c.label}`).sort()).toEqual([
      'added Phone',
      'removed Gone',
      'renamed Postcode',
      'typeChanged Agree',
    ]);
    const again = await publish('Breaking');
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorResponse>().code).toBe('NOTHING_TO_PUBLISH');
  });

  it('serves the payload JSON Schema of each version and of the draft', async () => {
    await create('Schema');
    await save('Schema', [
      textField('Name'),
      textField('Count', { fieldType: 'number', rectY: 140 }),
    ]);
    await published('Schema');
    await save('Schema', [
      textField('Name'),
      textField('Count', { fieldType: 'number', rectY: 140 }),
      textField('Agree', { fieldType: 'checkbox', rectY: 180, rectWidth: 14, rectHeight: 14 }),
    ]);
    const schemaOf = async (query: string) => {
      const res = await call(app, 'GET', path('Schema', `/schema${query}`), { token: ada.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ $schema: string; properties: Record<string, { type: unknown }> }>();
    };
    const v1 = await schemaOf('?version=1');
    expect(v1.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(v1).not.toHaveProperty('required');
    expect(Object.keys(v1.properties)).toEqual(['Name', 'Count']);
    expect(v1.properties.Count?.type).toEqual(['number', 'string', 'null']);
    expect(await schemaOf('')).toEqual(v1);
    const draft = await schemaOf('?version=draft');
    expect(draft.properties.Agree?.type).toEqual(['boolean', 'null']);
    const missing = await call(app, 'GET', path('Schema', '/schema?version=9'), {
      token: ada.token,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lists the history, shows a version read-only, serves its PDF and restores it as the draft', async () => {
    await create('History');
    await save('History', [textField('First')]);
    await published('History', { note: 'one' });
    await save('History', [textField('First'), textField('Second', { rectY: 140 })]);
    await published('History', { note: 'two' });

    const list = (
      await call(app, 'GET', path('History', '/versions'), { token: ada.token })
    ).json<TemplateVersionList>();
    expect(list.versions.map((v) => [v.version, v.note, v.fieldCount, v.publishedBy])).toEqual([
      [2, 'two', 2, ada.email],
      [1, 'one', 1, ada.email],
    ]);
    expect(list.versions[0]?.changes).toEqual([
      { kind: 'added', label: 'Second', type: 'text', breaking: false },
    ]);

    const detail = await call(app, 'GET', path('History', '/versions/1'), { token: ada.token });
    expect(detail.statusCode, detail.body).toBe(200);
    const v1 = detail.json<TemplateVersionDetail>();
    expect(v1.inputs.map((i) => i.label)).toEqual(['First']);
    expect(v1.pages).toHaveLength(2);

    const file = await call(app, 'GET', path('History', '/versions/1/pdf'), { token: ada.token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(
      Buffer.compare(
        file.rawPayload,
        Buffer.from((await getTemplate(app, ada, 'History')).file, 'base64'),
      ),
    ).toBe(0);

    const restored = await call(app, 'POST', path('History', '/versions/1/restore'), {
      token: ada.token,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const draft = await getTemplate(app, ada, 'History');
    expect(draft.inputs.map((i) => i.label)).toEqual(['First']);
    expect(draft).toMatchObject({ publishedVersion: 2, hasUnpublishedChanges: true });
    expect(restored.json()).toMatchObject({ revision: draft.revision });

    for (const url of ['/versions/3', '/versions/3/pdf']) {
      const res = await call(app, 'GET', path('History', url), { token: ada.token });
      expect(res.statusCode, url).toBe(404);
      expect(res.json<ErrorResponse>().code).toBe('VERSION_NOT_FOUND');
    }
  });

  it('stores one copy of a PDF however many versions use it, and deletes versions with the template', async () => {
    // A PDF and first page of its own, so no other test's versions share their bytes.
    const ownPdf = await makePdf({ pages: 3, width: 500 });
    for (const name of ['Shared', 'Twin']) {
      expect((await uploadTemplate(app, ada, { name, pdf: ownPdf })).statusCode).toBe(200);
    }
    for (const label of ['A', 'B', 'C']) {
      await save('Shared', [textField(label)]);
      await published('Shared', { acceptBreaking: true });
    }
    await published('Twin');
    const versionsOf = async (name: string) =>
      app.deps.db
        .selectFrom('template_versions')
        .select(['pdf_hash', 'preview_hash'])
        .where('template_id', '=', (await getTemplate(app, ada, name)).id)
        .execute();
    const shared = await versionsOf('Shared');
    expect(shared).toHaveLength(3);
    const [twin] = await versionsOf('Twin');
    const { pdf_hash: pdfHash, preview_hash: previewHash } = twin!;
    expect(shared.every((v) => v.pdf_hash === pdfHash && v.preview_hash === previewHash)).toBe(
      true,
    );
    const blobs = async () =>
      (
        await app.deps.db
          .selectFrom('template_blobs')
          .select('hash')
          .where('hash', 'in', [pdfHash, previewHash])
          .execute()
      ).length;
    expect(await blobs()).toBe(2);

    const { id } = await getTemplate(app, ada, 'Shared');
    expect((await call(app, 'DELETE', path('Shared'), { token: ada.token })).statusCode).toBe(200);
    const left = await app.deps.db
      .selectFrom('template_versions')
      .select('number')
      .where('template_id', '=', id)
      .execute();
    expect(left).toEqual([]);
    expect(await blobs()).toBe(2); // the twin's version still uses them
    expect((await call(app, 'DELETE', path('Twin'), { token: ada.token })).statusCode).toBe(200);
    expect(await blobs()).toBe(0);
  });

  it('refuses a stale revision on save and publish with EDIT_CONFLICT, changing nothing', async () => {
    await create('Stale');
    const { revision } = await getTemplate(app, ada, 'Stale');
    const fresh = await call(app, 'PUT', '/v1/template', {
      token: ada.token,
      body: { templateName: 'Stale', inputs: [textField('Mine')], revision },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const stale = await call(app, 'PUT', '/v1/template', {
      token: ada.token,
      body: { templateName: 'Stale', inputs: [textField('Theirs')], revision },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorResponse>().code).toBe('EDIT_CONFLICT');
    expect((await getTemplate(app, ada, 'Stale')).inputs.map((i) => i.label)).toEqual(['Mine']);
    const stalePublish = await publish('Stale', { revision });
    expect(stalePublish.statusCode).toBe(409);
    expect(stalePublish.json<ErrorResponse>().code).toBe('EDIT_CONFLICT');
    expect((await getTemplate(app, ada, 'Stale')).publishedVersion).toBeNull();
    expect((await publish('Stale', { revision: revision + 1 })).statusCode).toBe(200);
  });

  it('carries the publication state in the list and the detail', async () => {
    const carol = await signUp(app);
    for (const name of ['Never', 'Clean', 'Changed']) await create(name, carol);
    for (const name of ['Clean', 'Changed']) {
      expect((await publish(name, {}, carol)).statusCode).toBe(200);
    }
    await saveFields(app, carol, 'Changed', [textField('New')]);
    const list = (
      await call(app, 'GET', '/v1/template?size=10', { token: carol.token })
    ).json<TemplateListResponse>();
    const state = Object.fromEntries(
      list.templates.map((t) => [t.templateName, [t.publishedVersion, t.hasUnpublishedChanges]]),
    );
    expect(state).toEqual({ Never: [null, true], Clean: [1, false], Changed: [1, true] });
    expect(await getTemplate(app, carol, 'Clean')).toMatchObject({
      publishedVersion: 1,
      hasUnpublishedChanges: false,
    });
    const renamed = await call(app, 'POST', path('Clean', '/update/name'), {
      token: carol.token,
      body: { name: 'Clean renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await getTemplate(app, carol, 'Clean renamed')).toMatchObject({
      publishedVersion: 1,
      hasUnpublishedChanges: false,
    });
  });

  it('saves linked-text boxes as SPEC describes them, without a page, on the field page', async () => {
    await create('Spec boxes');
    const box = { rectX: 50, rectY: 400, rectWidth: 20, rectHeight: 20 };
    const res = await call(app, 'PUT', '/v1/template', {
      token: ada.token,
      body: {
        templateName: 'Spec boxes',
        inputs: [
          {
            ...textField('Code', { fieldType: 'linked_text', page: 2, ...box }),
            boxes: [box, { ...box, rectX: 80 }],
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [field] = (await getTemplate(app, ada, 'Spec boxes')).inputs;
    expect(field?.boxes?.map((b) => [b.page, b.rectX])).toEqual([
      [2, 50],
      [2, 80],
    ]);
  });

  it("answers 404 for every version call on another account's template", async () => {
    await create('Private');
    await save('Private', [textField('Secret')]);
    await published('Private');
    const calls: ['GET' | 'POST', string][] = [
      ['POST', '/publish'],
      ['GET', '/versions'],
      ['GET', '/versions/1'],
      ['GET', '/versions/1/pdf'],
      ['POST', '/versions/1/restore'],
      ['GET', '/schema'],
      ['GET', '/schema?version=1'],
    ];
    for (const [method, rest] of calls) {
      const res = await call(app, method, path('Private', rest), {
        token: bob.token,
        ...(method === 'POST' && { body: {} }),
      });
      expect(res.statusCode, `${method} ${rest}`).toBe(404);
      expect(res.json<ErrorResponse>().code).toBe('TEMPLATE_NOT_FOUND');
    }
    expect((await getTemplate(app, ada, 'Private')).publishedVersion).toBe(1);
  });

  it('reports the replaced PDF as a new draft and refuses to publish fields off the pages', async () => {
    await create('Replaced');
    await save('Replaced', [textField('Front'), textField('Back', { page: 2 })]);
    await published('Replaced');
    const { payload, headers } = multipartBody([
      { name: 'file', filename: 'new.pdf', type: 'application/pdf', data: await makePdf() },
    ]);
    const res = await call(app, 'POST', path('Replaced', '/update/pdf'), {
      token: ada.token,
      headers,
      body: payload,
    });
    expect(res.json()).toMatchObject({ removedFields: [], outOfBounds: ['Back'] });
    expect(await getTemplate(app, ada, 'Replaced')).toMatchObject({
      publishedVersion: 1,
      hasUnpublishedChanges: true,
    });
    const refused = await publish('Replaced');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorResponse>().message).toContain('"Back"');
    const apiKey = await apiKeyOf(app, ada, 'Replaced');
    const v1 = await generate(app, apiKey, { templateName: 'Replaced', fields: { Back: 'x' } });
    expect(v1.statusCode).toBe(200);
    expect(await pageCountOf(v1.rawPayload)).toBe(2);
    // The draft's field without a page prints nothing rather than failing the document.
    const draft = await generate(app, apiKey, {
      templateName: 'Replaced',
      version: 'draft',
      fields: { Front: 'x', Back: 'y' },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(await pageCountOf(draft.rawPayload)).toBe(1);
    expect(Object.keys(JSON.parse(String(draft.headers['x-fit-report'])) as object)).toEqual([
      'Front',
    ]);
  });

  it('migrates templates made before versions into drafts that generate fills as before', async () => {
    await create('Older');
    await save('Older', [textField('Name')]);
    const migrator = new Migrator({
      db: app.deps.db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    const down = await migrator.migrateTo('0007_free_cycle_usage');
    expect(down.error).toBeUndefined();
    await migrateToLatest(app.deps.db);
    expect(await getTemplate(app, ada, 'Older')).toMatchObject({
      publishedVersion: null,
      hasUnpublishedChanges: true,
    });
    const apiKey = await apiKeyOf(app, ada, 'Older');
    const res = await generate(app, apiKey, { templateName: 'Older', fields: { Name: 'Ada' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers[TEMPLATE_VERSION_HEADER]).toBe('draft');
  });
});
