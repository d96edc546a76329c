import type {
  ErrorResponse,
  TemplateListResponse,
  TemplateVersionDetail,
  TemplateVersionList,
} from '@platen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from '../../../test/templates.ts';
import { templatePath, versionCalls } from '../../../test/versions.ts';

describe.each(testDatabases())('publishing template versions on %s', (database) => {
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

  const { create, publish, published, save } = versionCalls(() => ({ app, owner: ada, pdf }));

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

  it('lists the history, shows a version read-only, serves its PDF and restores it as the draft', async () => {
    await create('History');
    await save('History', [textField('First')]);
    await published('History', { note: 'one' });
    await save('History', [textField('First'), textField('Second', { rectY: 140 })]);
    await published('History', { note: 'two' });

    const list = (
      await call(app, 'GET', templatePath('History', '/versions'), { token: ada.token })
    ).json<TemplateVersionList>();
    expect(list.versions.map((v) => [v.version, v.note, v.fieldCount, v.publishedBy])).toEqual([
      [2, 'two', 2, ada.email],
      [1, 'one', 1, ada.email],
    ]);
    expect(list.versions[0]?.changes).toEqual([
      { kind: 'added', label: 'Second', type: 'text', breaking: false },
    ]);

    const detail = await call(app, 'GET', templatePath('History', '/versions/1'), {
      token: ada.token,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const v1 = detail.json<TemplateVersionDetail>();
    expect(v1.inputs.map((i) => i.label)).toEqual(['First']);
    expect(v1.pages).toHaveLength(2);

    const file = await call(app, 'GET', templatePath('History', '/versions/1/pdf'), {
      token: ada.token,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(
      Buffer.compare(
        file.rawPayload,
        Buffer.from((await getTemplate(app, ada, 'History')).file, 'base64'),
      ),
    ).toBe(0);

    const restored = await call(app, 'POST', templatePath('History', '/versions/1/restore'), {
      token: ada.token,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const draft = await getTemplate(app, ada, 'History');
    expect(draft.inputs.map((i) => i.label)).toEqual(['First']);
    expect(draft).toMatchObject({ publishedVersion: 2, hasUnpublishedChanges: true });
    expect(restored.json()).toMatchObject({ revision: draft.revision });

    for (const url of ['/versions/3', '/versions/3/pdf']) {
      const res = await call(app, 'GET', templatePath('History', url), { token: ada.token });
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
    expect(
      (await call(app, 'DELETE', templatePath('Shared'), { token: ada.token })).statusCode,
    ).toBe(200);
    const left = await app.deps.db
      .selectFrom('template_versions')
      .select('number')
      .where('template_id', '=', id)
      .execute();
    expect(left).toEqual([]);
    expect(await blobs()).toBe(2); // the twin's version still uses them
    expect((await call(app, 'DELETE', templatePath('Twin'), { token: ada.token })).statusCode).toBe(
      200,
    );
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
    const renamed = await call(app, 'POST', templatePath('Clean', '/update/name'), {
      token: carol.token,
      body: { name: 'Clean renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await getTemplate(app, carol, 'Clean renamed')).toMatchObject({
      publishedVersion: 1,
      hasUnpublishedChanges: false,
    });
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
      const res = await call(app, method, templatePath('Private', rest), {
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
    const res = await call(app, 'POST', templatePath('Replaced', '/update/pdf'), {
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
});
