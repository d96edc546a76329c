/**
 * Every call an integration makes with the API key, by the operation id the API document gives
 * it. The client builds each request from this table, and `operations.test.ts` fails when an
 * operation of the API that takes the key has no entry here, or when an entry's method or path
 * differs from the API's: the client cannot fall behind or drift.
 */
export const operations = {
  generateDocument: ['POST', '/v1/document/generate/template'],
  listTemplates: ['GET', '/v1/template'],
  createTemplate: ['POST', '/v1/template'],
  getTemplate: ['GET', '/v1/template/:templateName'],
  saveTemplate: ['PUT', '/v1/template'],
  deleteTemplate: ['DELETE', '/v1/template/:templateName'],
  deleteTemplateField: ['DELETE', '/v1/template/:templateName/coordinate'],
  renameTemplate: ['POST', '/v1/template/:templateName/update/name'],
  replaceTemplatePdf: ['POST', '/v1/template/:templateName/update/pdf'],
  downloadTemplatePdf: ['GET', '/v1/template/:templateName/pdf'],
  publishTemplate: ['POST', '/v1/template/:templateName/publish'],
  listTemplateVersions: ['GET', '/v1/template/:templateName/versions'],
  getTemplateVersion: ['GET', '/v1/template/:templateName/versions/:version'],
  downloadTemplateVersionPdf: ['GET', '/v1/template/:templateName/versions/:version/pdf'],
  restoreTemplateVersion: ['POST', '/v1/template/:templateName/versions/:version/restore'],
  getTemplateSchema: ['GET', '/v1/template/:templateName/schema'],
  createBatch: ['POST', '/v1/document/batch'],
  getJob: ['GET', '/v1/jobs/:id'],
  listJobs: ['GET', '/v1/jobs'],
  cancelJob: ['DELETE', '/v1/jobs/:id'],
  downloadJobResult: ['GET', '/v1/jobs/:id/results/:kind'],
  listWebhookEndpoints: ['GET', '/v1/webhook-endpoints'],
  createWebhookEndpoint: ['POST', '/v1/webhook-endpoints'],
  getWebhookEndpoint: ['GET', '/v1/webhook-endpoints/:id'],
  updateWebhookEndpoint: ['PUT', '/v1/webhook-endpoints/:id'],
  deleteWebhookEndpoint: ['DELETE', '/v1/webhook-endpoints/:id'],
  rotateWebhookSecret: ['POST', '/v1/webhook-endpoints/:id/rotate-secret'],
  sendWebhookTest: ['POST', '/v1/webhook-endpoints/:id/test'],
  listWebhookDeliveries: ['GET', '/v1/webhook-endpoints/:id/deliveries'],
  resendWebhookDelivery: ['POST', '/v1/webhook-deliveries/:id/resend'],
  // With a signed-in session only: a SAMPLE-marked PDF of the template's example payload.
  tryoutDocument: ['POST', '/v1/document/tryout/template'],
} as const satisfies Record<string, readonly [string, string]>;

export type OperationId = keyof typeof operations;

/** A path with its `:name` parts replaced by the (encoded) values given. */
export const pathOf = (
  operationId: OperationId,
  params: Record<string, string | number> = {},
): string =>
  operations[operationId][1].replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`${operationId} needs ${name}.`);
    return encodeURIComponent(String(value));
  });
