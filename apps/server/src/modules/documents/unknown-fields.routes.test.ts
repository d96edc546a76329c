import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type Account } from '../../../test/http.ts';
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

describe.each(testDatabases())('labels a version does not have, on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let apiKey: string;

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    await uploadTemplate(app, ada, { name: 'W-9', pdf: await makePdf() });
    await saveFields(app, ada, 'W-9', [
      textField('Name of entity'),
      textField('Business name', { rectY: 140 }),
      textField('SSN', { rectY: 180, maxLength: 9 }),
    ]);
    apiKey = await apiKeyOf(app, ada, 'W-9');
  });
  afterAll(() => app.dispose());

  it('refuses a mistyped label with the label it probably meant, and counts nothing', async () => {
    const res = await generate(app, apiKey, {
      templateName: 'W-9',
      fields: { 'Nmae of entity': 'Ada Ltd', SSN: '123456789', Colour: 'blue' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'UNKNOWN_FIELDS',
      message:
        'These labels are not fields of this template version: "Nmae of entity" (did you mean "Name of entity"?), "Colour". Send "ignoreUnknownFields": true to have such values left out.',
      fields: [
        {
          field: 'Nmae of entity',
          message: 'Not a field of this version. Did you mean "Name of entity"?',
        },
        { field: 'Colour', message: 'Not a field of this version.' },
      ],
    });
    expect(await usedThisCycle(app, ada.email)).toBe(0);
  });

  it('leaves unknown labels out when the call says ignoreUnknownFields', async () => {
    const res = await generate(app, apiKey, {
      templateName: 'W-9',
      fields: { 'Name of entity': 'Ada Ltd', 'Old field': 'x' },
      ignoreUnknownFields: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(JSON.parse(String(res.headers['x-fit-report'])) as object)).toContain(
      'Name of entity',
    );
  });

  it('refuses a batch naming each item and label it does not know, unless told to leave them out', async () => {
    const body = {
      templateName: 'W-9',
      items: [{ 'Name of entity': 'One' }, { 'Business nme': 'Two' }],
    };
    const refused = await call(app, 'POST', '/v1/document/batch', {
      headers: { 'x-api-key': apiKey },
      body,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'INVALID_ITEMS',
      items: [
        {
          index: 1,
          field: 'Business nme',
          code: 'UNKNOWN_FIELDS',
          message:
            '"Business nme" (did you mean "Business name"?) is not a field of this template version.',
        },
      ],
    });
    const started = await call(app, 'POST', '/v1/document/batch', {
      headers: { 'x-api-key': apiKey },
      body: { ...body, ignoreUnknownFields: true },
    });
    expect(started.statusCode, started.body).toBe(202);
  });

  it('publishes a payload schema that refuses other labels and says how long a value may be', async () => {
    const res = await call(app, 'GET', '/v1/template/W-9/schema', { token: ada.token });
    expect(res.json()).toMatchObject({
      additionalProperties: false,
      properties: { SSN: { maxLength: 9 } },
    });
  });
});
