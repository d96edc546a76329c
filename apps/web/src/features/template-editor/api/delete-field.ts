import { deleteTemplateField } from '@platen/contract';
import { request } from '../../../lib/api-client.ts';

/** product.md#states-and-transitions: a saved box (UUID) is deleted on the server before it leaves the editor. */
export const deleteField = (templateName: string, id: string) =>
  request(deleteTemplateField, { params: { templateName }, body: { id } });
