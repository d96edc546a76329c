import { jsonOf, type Call } from './api.ts';
import type { FieldInput, Template, TemplateList } from './types.ts';
import type {
  PublishOptions,
  SaveTemplateOptions,
  TemplateVersion,
  TemplateVersionSummary,
} from './types-management.ts';

export type PdfInput = {
  /** The PDF, as a Blob (a File in browsers) or its bytes. */
  pdf: Blob | Uint8Array;
  fileName?: string;
};

export type UploadTemplateInput = PdfInput & { name: string; description?: string };

/** Templates, their fields, versions and payload schema, managed with the API key. */
export type TemplateCalls = {
  /** A page of templates: `page` from 1 (the API's one paging convention), `pageSize` at most
   * 100 (10 unless given). */
  list: (page?: { page?: number; pageSize?: number }) => Promise<TemplateList>;
  /** Uploads a PDF as a new template; its form fields become the template's fields. */
  upload: (input: UploadTemplateInput) => Promise<Template>;
  get: (name: string) => Promise<Template>;
  /** Replaces the template's fields with these (the draft; publish to release them). */
  save: (name: string, inputs: FieldInput[], options?: SaveTemplateOptions) => Promise<Template>;
  rename: (name: string, newName: string) => Promise<void>;
  /** Replaces the PDF, keeping the fields that still fit. */
  replacePdf: (
    name: string,
    input: PdfInput,
  ) => Promise<{ message: string; removedFields: string[]; outOfBounds: string[] }>;
  delete: (name: string) => Promise<void>;
  deleteField: (name: string, fieldId: string) => Promise<void>;
  downloadPdf: (name: string) => Promise<Uint8Array>;
  /** Freezes the draft as the next published version. */
  publish: (name: string, options?: PublishOptions) => Promise<TemplateVersionSummary>;
  listVersions: (name: string) => Promise<TemplateVersionSummary[]>;
  getVersion: (name: string, version: number) => Promise<TemplateVersion>;
  downloadVersionPdf: (name: string, version: number) => Promise<Uint8Array>;
  /** Makes a published version the draft again. */
  restoreVersion: (name: string, version: number) => Promise<{ revision: number }>;
  /** The JSON Schema (2020-12) of generate's `fields` for a version (by default what generate fills). */
  schema: (name: string, version?: number | 'draft') => Promise<Record<string, unknown>>;
};

const pdfForm = ({ pdf, fileName = 'template.pdf' }: PdfInput): FormData => {
  const form = new FormData();
  const blob =
    pdf instanceof Blob
      ? pdf
      : new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
  form.set('file', blob, fileName);
  return form;
};

const bytesOf = async (response: Promise<Response>) =>
  new Uint8Array(await (await response).arrayBuffer());

export const templateCalls = (call: Call): TemplateCalls => {
  const named = (templateName: string, version?: number) => ({
    params: { templateName, ...(version !== undefined && { version }) },
  });
  return {
    // pageSize is always sent: without it the server reads `page` in its deprecated spelling.
    list: ({ page = 1, pageSize = 10 } = {}) =>
      jsonOf(call('listTemplates', { query: { page, pageSize } })),
    upload: ({ name, description, ...pdf }) => {
      const form = pdfForm(pdf);
      form.set('templateName', name);
      if (description !== undefined) form.set('templateDescription', description);
      return jsonOf(call('createTemplate', { form }));
    },
    get: (name) => jsonOf(call('getTemplate', named(name))),
    save: (name, inputs, options = {}) =>
      jsonOf(call('saveTemplate', { json: { templateName: name, inputs, ...options } })),
    rename: async (name, newName) => {
      await call('renameTemplate', { ...named(name), json: { name: newName } });
    },
    replacePdf: (name, input) =>
      jsonOf(call('replaceTemplatePdf', { ...named(name), form: pdfForm(input) })),
    delete: async (name) => {
      await call('deleteTemplate', named(name));
    },
    deleteField: async (name, id) => {
      await call('deleteTemplateField', { ...named(name), json: { id } });
    },
    downloadPdf: (name) => bytesOf(call('downloadTemplatePdf', named(name))),
    publish: (name, options = {}) =>
      jsonOf(call('publishTemplate', { ...named(name), json: options })),
    listVersions: async (name) =>
      (
        await jsonOf<{ versions: TemplateVersionSummary[] }>(
          call('listTemplateVersions', named(name)),
        )
      ).versions,
    getVersion: (name, version) => jsonOf(call('getTemplateVersion', named(name, version))),
    downloadVersionPdf: (name, version) =>
      bytesOf(call('downloadTemplateVersionPdf', named(name, version))),
    restoreVersion: async (name, version) => {
      const { revision } = await jsonOf<{ revision: number }>(
        call('restoreTemplateVersion', named(name, version)),
      );
      return { revision };
    },
    schema: (name, version) =>
      jsonOf(call('getTemplateSchema', { ...named(name), query: { version } })),
  };
};
