import type { ErrorResponse, TemplateVersionDetail } from '@platen/contract';
import { TEMPLATE_VERSION_HEADER } from '@platen/contract';
import { Migrator } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/database.ts';
import { migrations } from '../../db/migrations/index.ts';
import { call, signUp, type Account } from '../../../test/http.ts';
import { makePdf, pageCountOf } from '../../../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import {
  apiKeyOf,
  generate,
  getTemplate,
  textField,
  usedThisCycle,
} from '../../../test/templates.ts';
import { templatePath, versionCalls } from '../../../test/versions.ts';

describe.each(testDatabases())('filling template versions on %s', (database) => {
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

  const { create, published, save } = versionCalls(() => ({ app, owner: ada, pdf }));

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
    // The example PDF shows the editor's work: the draft, whatever is published.
    expect(tryout.headers[TEMPLATE_VERSION_HEADER]).toBe('draft');

    const missing = await generate(app, apiKey, { ...payload, version: 7 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorResponse>()).toMatchObject({
      code: 'VERSION_NOT_FOUND',
      message: 'The template "Contract" has no published version 7.',
    });
  });

  it("builds the template's example payload and curl call from what generate fills by default", async () => {
    await create('Example');
    await save('Example', [textField('Name')]);
    const draftOnly = await getTemplate(app, ada, 'Example');
    expect(draftOnly.api).toEqual({ templateName: 'Example', fields: { Name: 'Jane Doe' } });

    await published('Example');
    await save('Example', [textField('Name'), textField('Email', { rectY: 140 })]);
    const changed = await getTemplate(app, ada, 'Example');
    expect(changed).toMatchObject({ publishedVersion: 1, hasUnpublishedChanges: true });
    // Version 1 is what integrations get: the draft's new field is not part of the example.
    expect(changed.api.fields).toEqual({ Name: 'Jane Doe' });
    expect(changed.curlCall).toContain('"fields":{"Name":"Jane Doe"}');
    expect(changed.inputs.map((input) => input.label)).toEqual(['Name', 'Email']);
    const filled = await generate(app, await apiKeyOf(app, ada, 'Example'), changed.api);
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.headers[TEMPLATE_VERSION_HEADER]).toBe('1');
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
        await call(app, 'GET', templatePath('Stamped', '/versions/1'), { token: ada.token })
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
      const res = await call(app, 'GET', templatePath('Schema', `/schema${query}`), {
        token: ada.token,
      });
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
    const missing = await call(app, 'GET', templatePath('Schema', '/schema?version=9'), {
      token: ada.token,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("fills a version from its own example payload, which names a choice's first option", async () => {
    await create('Sampled');
    const position = textField('Position', {
      fieldType: 'choice',
      rectY: 140,
      options: [
        { value: 'eng', label: 'Engineer' },
        { value: 'mgr', label: 'Manager' },
      ],
    });
    await save('Sampled', [textField('Name'), position]);
    await published('Sampled');
    await save('Sampled', [textField('Name'), textField('City', { rectY: 200 }), position]);
    await published('Sampled');

    const detail = await call(app, 'GET', templatePath('Sampled', '/versions/1'), {
      token: ada.token,
    });
    const { api } = detail.json<TemplateVersionDetail>();
    expect(api).toMatchObject({ templateName: 'Sampled', version: 1 });
    // Version 1's fields, not the latest's: City came in version 2.
    expect(Object.keys(api.fields)).toEqual(['Name', 'Position']);
    expect(api.fields.Position).toBe('eng');
    const res = await generate(app, await apiKeyOf(app, ada, 'Sampled'), api);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers[TEMPLATE_VERSION_HEADER]).toBe('1');

    const schema = await call(app, 'GET', templatePath('Sampled', '/schema?version=1'), {
      token: ada.token,
    });
    const { properties } = schema.json<{ properties: Record<string, { examples: unknown[] }> }>();
    expect(properties.Position?.examples).toEqual(['eng']);
    expect(properties.Name?.examples).toEqual([api.fields.Name]);
  });

  it('saves linked-text boxes as the first specification describes them, without a page, on the field page', async () => {
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
