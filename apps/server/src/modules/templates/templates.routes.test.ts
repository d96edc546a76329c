import type { TemplateListResponse, TemplateResponse } from '@platen/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../../test/http.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { makePdf, pageCountOf } from '../../../test/pdf-fixtures.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { getTemplate, saveFields, textField, uploadTemplate } from '../../../test/templates.ts';

describe.each(testDatabases())('templates API on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let bob: Account;
  let pdf: Buffer;
  let onePage: Buffer;
  let stampPicture: string;

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    bob = await signUp(app);
    pdf = await makePdf({ pages: 2 });
    onePage = await makePdf({ pages: 1 });
    const png = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#1c7ed6' },
    })
      .png()
      .toBuffer();
    stampPicture = `data:image/png;base64,${png.toString('base64')}`;
  });
  afterAll(() => app.dispose());

  const stampAt = () => ({
    page: 1,
    rectX: 300,
    rectY: 40,
    rectWidth: 80,
    rectHeight: 40,
    image: stampPicture,
  });

  const create = async (name: string, account = ada) => {
    const res = await uploadTemplate(app, account, { name, pdf });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TemplateResponse>();
  };

  describe('create', () => {
    it('stores the PDF with a preview, an API example and a working curl command', async () => {
      const template = await create('Invoice');
      expect(template).toMatchObject({
        templateName: 'Invoice',
        description: 'Template description',
        inputs: [],
        pages: [
          {
            page: 1,
            width: expect.closeTo(595.28, 1) as unknown,
            height: expect.closeTo(841.89, 1) as unknown,
          },
          { page: 2 },
        ],
        api: { templateName: 'Invoice', fields: {} },
      });
      expect(Buffer.from(template.file, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      expect(Buffer.from(template.thumbnail, 'base64').subarray(1, 4).toString()).toBe('PNG');
      expect(template.apiKey).toMatch(/^plt_/);
      expect(template.curlCall).toContain("'https://platen.example/v1/document/generate/template'");
      expect(template.curlCall).toContain(`x-api-key: ${template.apiKey}`);
      expect(template.curlCall).toContain('-o document.pdf');
    });

    it.each([
      [{ name: '', pdf: true }, 'Missing fields! Please fill in all fields.'],
      [{ name: 'No file', pdf: false }, 'Missing fields! Please fill in all fields.'],
      [{ name: 'x'.repeat(101), pdf: true }, 'The template name must be at most 100 characters.'],
    ])('refuses %j with "%s"', async (form, message) => {
      const res = await uploadTemplate(app, ada, { name: form.name, ...(form.pdf && { pdf }) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
    });

    it('refuses a second template with the same name', async () => {
      await create('Twice');
      const res = await uploadTemplate(app, ada, { name: 'Twice', pdf });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'TEMPLATE_NAME_TAKEN' });
    });

    it('judges the file by its content, not its name or type', async () => {
      const html = Buffer.from('<html><script>alert(1)</script></html>');
      const res = await uploadTemplate(app, ada, { name: 'Fake', pdf: html, filename: 'x.pdf' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_PDF' });
      const renamed = await uploadTemplate(app, ada, {
        name: 'Renamed',
        pdf,
        filename: 'x.txt',
        type: 'text/plain',
      });
      expect(renamed.statusCode).toBe(200);
    });

    it('stores hostile names verbatim as data', async () => {
      const name = '../../etc/passwd <b>"quoted"</b> ünïcødé';
      await create(name);
      const template = await getTemplate(app, ada, name);
      expect(template.templateName).toBe(name);
      const download = await call(app, 'GET', `/v1/template/${encodeURIComponent(name)}/pdf`, {
        token: ada.token,
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      const disposition = String(download.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      expect(disposition).toContain(encodeURIComponent(`${name}.pdf`));
      expect(await pageCountOf(download.rawPayload)).toBe(2);
    });
  });

  describe('fields', () => {
    it('saves fields with UUIDs, styles and upper-case types, and keeps ids on the next save', async () => {
      await create('Fields');
      const res = await saveFields(app, ada, 'Fields', [
        textField('Name', { fontFamily: 'courier', textAlign: 'center', fontColor: '#FF0000' }),
        textField('Agree', { fieldType: 'checkbox', rectWidth: 12, rectHeight: 12 }),
        textField('Notes', {
          fieldType: 'linked_text',
          boxes: [
            { page: 1, rectX: 50, rectY: 300, rectWidth: 300, rectHeight: 20 },
            { page: 2, rectX: 50, rectY: 100, rectWidth: 300, rectHeight: 20 },
          ],
        }),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const saved = res.json<TemplateResponse>();
      expect(saved.inputs.map((i) => [i.label, i.type])).toEqual([
        ['Name', 'TEXT'],
        ['Agree', 'CHECKBOX'],
        ['Notes', 'LINKED_TEXT'],
      ]);
      const [name] = saved.inputs;
      expect(name).toMatchObject({
        fontFamily: 'courier',
        textAlign: 'center',
        fontColor: '#ff0000',
      });
      expect(name?.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(saved.boxes).toHaveLength(2);
      expect(saved.api.fields).toEqual({
        Name: 'Jane Doe',
        Agree: true,
        Notes: expect.any(String) as string,
      });
      const again = await saveFields(
        app,
        ada,
        'Fields',
        saved.inputs.map((i) => ({
          ...i,
          fieldType: i.type.toLowerCase() as 'text',
        })),
      );
      expect(again.json<TemplateResponse>().inputs.map((i) => i.id)).toEqual(
        saved.inputs.map((i) => i.id),
      );
      const list = (
        await call(app, 'GET', '/v1/template?size=50&page=0', { token: ada.token })
      ).json<TemplateListResponse>();
      expect(list.templates.find((t) => t.templateName === 'Fields')).toMatchObject({
        coordinates: 3,
        status: 'READY',
        type: 'png',
      });
    });

    it('merges linked-text inputs that share a label into one field', async () => {
      await create('Linked');
      const res = await saveFields(app, ada, 'Linked', [
        textField('Story', { fieldType: 'linked_text', rectY: 100 }),
        textField('Story', { fieldType: 'linked_text', rectY: 200 }),
      ]);
      const saved = res.json<TemplateResponse>();
      expect(saved.inputs).toHaveLength(1);
      expect(saved.inputs[0]?.boxes?.map((b) => b.rectY)).toEqual([100, 200]);
    });

    it.each([
      [[textField('A'), textField('A')], 'Two fields are labelled "A". Each label must be unique.'],
      [[textField('')], 'Every field needs a label.'],
      [[{ ...textField('B'), fieldType: '' }], 'Every field needs a type.'],
      [[textField('C', { page: 3 })], 'The field "C" is on page 3, but the template has 2 pages.'],
      [[textField('D', { rectX: 500, rectWidth: 200 })], 'The field "D" lies outside page 1.'],
      [[textField('E', { rectWidth: 0 })], 'Too small: expected number to be >0'],
    ])('refuses %j and keeps the stored fields', async (inputs, message) => {
      await saveFields(app, ada, 'Fields', [textField('Kept')]);
      const res = await saveFields(app, ada, 'Fields', inputs as never);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
      expect((await getTemplate(app, ada, 'Fields')).inputs.map((i) => i.label)).toEqual(['Kept']);
    });

    it('deletes one field by id', async () => {
      const saved = (
        await saveFields(app, ada, 'Fields', [textField('One'), textField('Two')])
      ).json<TemplateResponse>();
      const res = await call(app, 'DELETE', '/v1/template/Fields/coordinate', {
        token: ada.token,
        body: { id: saved.inputs[0]?.id },
      });
      expect(res.statusCode).toBe(200);
      expect((await getTemplate(app, ada, 'Fields')).inputs.map((i) => i.label)).toEqual(['Two']);
    });
  });

  describe('rename, replace, delete', () => {
    it('renames, and refuses a name already in use', async () => {
      await create('Old name');
      await create('Taken');
      const taken = await call(app, 'POST', '/v1/template/Old%20name/update/name', {
        token: ada.token,
        body: { name: 'Taken' },
      });
      expect(taken.statusCode).toBe(409);
      const res = await call(app, 'POST', '/v1/template/Old%20name/update/name', {
        token: ada.token,
        body: { name: 'New name' },
      });
      expect(res.json()).toEqual({ templateName: 'New name' });
      expect(
        (await call(app, 'GET', '/v1/template/Old%20name', { token: ada.token })).statusCode,
      ).toBe(404);
    });

    it('replaces the PDF as a new draft, keeping and naming the fields off the new pages', async () => {
      await create('Replace me');
      await saveFields(app, ada, 'Replace me', [
        textField('On page 1'),
        textField('On page 2', { page: 2 }),
      ]);
      const { payload, headers } = (await import('../../../test/multipart.ts')).multipartBody([
        { name: 'file', filename: 'new.pdf', type: 'application/pdf', data: onePage },
      ]);
      const res = await call(app, 'POST', '/v1/template/Replace%20me/update/pdf', {
        token: ada.token,
        headers,
        body: payload,
      });
      expect(res.json()).toEqual({
        message: 'Template replaced successfully.',
        removedFields: [],
        outOfBounds: ['On page 2'],
      });
      const template = await getTemplate(app, ada, 'Replace me');
      expect(template.pages).toHaveLength(1);
      expect(template.inputs.map((i) => i.label)).toEqual(['On page 1', 'On page 2']);
      expect(template.hasUnpublishedChanges).toBe(true);
    });

    it('deletes a template', async () => {
      await create('Doomed');
      expect(
        (await call(app, 'DELETE', '/v1/template/Doomed', { token: ada.token })).statusCode,
      ).toBe(200);
      expect((await call(app, 'GET', '/v1/template/Doomed', { token: ada.token })).statusCode).toBe(
        404,
      );
    });
  });

  describe('list', () => {
    it('pages with a zero-based page number and refuses a page size over 100', async () => {
      const carol = await signUp(app);
      for (const name of ['A', 'B', 'C', 'D', 'E']) await create(name, carol);
      const first = (
        await call(app, 'GET', '/v1/template?size=2&page=0', { token: carol.token })
      ).json<TemplateListResponse>();
      expect(first).toMatchObject({ totalElements: 5, pageSize: 2, totalPages: 3, currentPage: 0 });
      expect(first.templates).toHaveLength(2);
      const last = (
        await call(app, 'GET', '/v1/template?size=2&page=2', { token: carol.token })
      ).json<TemplateListResponse>();
      expect(last.templates).toHaveLength(1);
      const refused = await call(app, 'GET', '/v1/template?size=101', { token: carol.token });
      expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([
        400,
        'A page holds at most 100 templates.',
      ]);
      const largest = (
        await call(app, 'GET', '/v1/template?size=100', { token: carol.token })
      ).json<TemplateListResponse>();
      expect(largest.pageSize).toBe(100);
      const fallback = (
        await call(app, 'GET', '/v1/template', { token: carol.token })
      ).json<TemplateListResponse>();
      expect(fallback.pageSize).toBe(4);
    });
  });

  describe('isolation between accounts', () => {
    it("answers 404 for every call on another account's template", async () => {
      await create('Private');
      const saved = (
        await call(app, 'PUT', '/v1/template', {
          token: ada.token,
          body: { templateName: 'Private', inputs: [textField('Mine')], stamps: [stampAt()] },
        })
      ).json<TemplateResponse>();
      const fieldId = saved.inputs[0]?.id;
      expect(fieldId).toBeTruthy();
      const replacement = multipartBody([
        { name: 'file', filename: 'other.pdf', type: 'application/pdf', data: onePage },
      ]);
      const calls: [
        'GET' | 'PUT' | 'POST' | 'DELETE',
        string,
        unknown?,
        Record<string, string>?,
      ][] = [
        ['GET', '/v1/template/Private'],
        ['GET', '/v1/template/Private/pdf'],
        ['DELETE', '/v1/template/Private/coordinate', { id: 'x' }],
        ['DELETE', '/v1/template/Private/coordinate', { id: fieldId }],
        ['POST', '/v1/template/Private/update/name', { name: 'Mine now' }],
        ['POST', '/v1/template/Private/update/pdf', replacement.payload, replacement.headers],
        ['PUT', '/v1/template', { templateName: 'Private', inputs: [] }],
        ['PUT', '/v1/template', { templateName: 'Private', inputs: [], stamps: [stampAt()] }],
        ['POST', '/v1/document/tryout/template', { templateName: 'Private' }],
        ['DELETE', '/v1/template/Private'],
      ];
      for (const [method, url, body, headers] of calls) {
        const res = await call(app, method, url, { token: bob.token, body, headers });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      const list = (
        await call(app, 'GET', '/v1/template', { token: bob.token })
      ).json<TemplateListResponse>();
      expect(list.totalElements).toBe(0);
      // Ada's template is exactly as she saved it: name, PDF, field and stamp.
      const after = await getTemplate(app, ada, 'Private');
      expect(after.pages).toHaveLength(2);
      expect(after.inputs.map((i) => i.id)).toEqual([fieldId]);
      expect(after.stamps).toEqual(saved.stamps);
    });

    it("reaches no field or stamp of another account's template by its id", async () => {
      await create('Boxes');
      const theirs = (
        await call(app, 'PUT', '/v1/template', {
          token: ada.token,
          body: { templateName: 'Boxes', inputs: [textField('Hers')], stamps: [stampAt()] },
        })
      ).json<TemplateResponse>();
      const [field] = theirs.inputs;
      const [stamp] = theirs.stamps;
      await create('Own', bob);
      // Ada's real ids, sent for Bob's own template: not found there, and Ada's stay as they were.
      const deleted = await call(app, 'DELETE', '/v1/template/Own/coordinate', {
        token: bob.token,
        body: { id: field?.id },
      });
      expect(deleted.statusCode).toBe(404);
      const placement = { ...stampAt(), image: undefined };
      const borrowed = await call(app, 'PUT', '/v1/template', {
        token: bob.token,
        body: { templateName: 'Own', inputs: [], stamps: [{ ...placement, id: stamp?.id }] },
      });
      expect(borrowed.statusCode).toBe(400);
      expect((await getTemplate(app, bob, 'Own')).stamps).toEqual([]);
      const after = await getTemplate(app, ada, 'Boxes');
      expect(after.inputs.map((i) => i.id)).toEqual([field?.id]);
      expect(after.stamps).toEqual(theirs.stamps);
      await call(app, 'DELETE', '/v1/template/Own', { token: bob.token });
    });
  });
});
