import { generateDocument, type GenerateDocumentBody } from '@platen/contract';
import { requestFile } from '../../../lib/api-client.ts';

/** POST /v1/document/generate/template with the template's API key (product.md#the-api); counts a document. */
export const generatePdf = (body: GenerateDocumentBody, apiKey: string) =>
  requestFile(generateDocument, { body, headers: { 'x-api-key': apiKey } });
