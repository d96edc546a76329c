import { randomUUID } from 'node:crypto';
import {
  DEFAULT_TEMPLATE_DESCRIPTION,
  offsetOf,
  templateMessages,
  templateNameSchema,
  type SaveTemplateBody,
  type TemplateListResponse,
  type TemplateResponse,
  type TemplateInputValue,
} from '@platen/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { engineRefusalToError } from '../../pdf-pool/engine-refusal.ts';
import type { PreparedTemplate } from '../../pdf-pool/pdf-tasks.ts';
import { revealApiKey } from '../api-keys/index.ts';
import { curlCommand, exampleValues } from './api-example.ts';
import {
  asSavableField,
  checkBarcodeDefaults,
  fieldsThatFit,
  normaliseFields,
  toTemplateInput,
} from './template-fields.ts';
import { listStamps } from './stamps.repository.ts';
import { stampPicturesRule, stampsThatFit, toStampResponse, toStoredStamps } from './stamps.ts';
import { checkTemplateLabels } from './template-text.ts';
import * as repo from './templates.repository.ts';
import { checkRevision } from './versions.service.ts';
import * as versions from './versions.repository.ts';

export type UploadedFile = { data: Buffer; filename: string };

export const templateNotFound = (name: string) =>
  new AppError('TEMPLATE_NOT_FOUND', 404, `There is no template named "${name}".`);
const nameTaken = (name: string) =>
  new AppError('TEMPLATE_NAME_TAKEN', 409, `A template named "${name}" already exists.`);
const editedElsewhere = () =>
  new AppError(
    'TEMPLATE_CHANGED',
    409,
    'This template was changed in the meantime. Reload it and try again.',
  );

/** The badge's facts: the draft's revision and whether it differs from the latest version. */
const publicationState = (
  t: Pick<repo.Template, 'revision' | 'publishedVersion' | 'publishedRevision'>,
) => ({
  revision: t.revision,
  publishedVersion: t.publishedVersion,
  hasUnpublishedChanges: t.publishedRevision !== t.revision,
});

export const createTemplatesService = (deps: Deps) => {
  const { db, clock } = deps;

  const getTemplate = async (userId: string, name: string) => {
    const template = await repo.findTemplate(db, userId, name);
    if (!template) throw templateNotFound(name);
    return template;
  };

  const getPdf = async (template: repo.Template): Promise<Buffer> => {
    const pdf = await repo.findTemplatePdf(db, template.id);
    if (!pdf) throw templateNotFound(template.name);
    return pdf;
  };

  /** Parses, checks and previews an upload in the worker pool; refusals become 4xx answers. */
  const prepare = async (
    userId: string,
    file: UploadedFile | undefined,
  ): Promise<PreparedTemplate> => {
    if (!file || file.data.length === 0) {
      throw new AppError('VALIDATION_ERROR', 400, templateMessages.missingFields);
    }
    const prepared = await deps.pdfPool.prepareTemplate(userId, {
      pdf: new Uint8Array(file.data),
    });
    if (!prepared.ok) throw engineRefusalToError(prepared);
    return prepared;
  };

  /** The upload answer's word on encryption taken off (none when the PDF was not encrypted). */
  const restrictionsNote = (prepared: PreparedTemplate) =>
    prepared.restrictionsRemoved
      ? { restrictionsRemoved: templateMessages.restrictionsRemoved }
      : {};

  /**
   * The fields generate fills by default: the latest published version's, or the draft's before
   * the first publish. The Api tab's example is built from them, so it shows what integrations get.
   */
  const fieldsTheApiFills = async (template: repo.Template) => {
    if (template.publishedVersion === null) return template.fields;
    const published = await versions.findVersion(db, template.id, template.publishedVersion);
    return published?.fields ?? template.fields;
  };

  const detail = async (template: repo.Template): Promise<TemplateResponse> => {
    const [pdf, apiKey, stamps, apiFields] = await Promise.all([
      getPdf(template),
      revealApiKey(deps, template.userId),
      listStamps(db, template.id),
      fieldsTheApiFills(template),
    ]);
    const api = { templateName: template.name, fields: exampleValues(apiFields) };
    return {
      id: template.id,
      templateName: template.name,
      description: template.description,
      inputs: template.fields.map(toTemplateInput),
      ...(template.language && { language: template.language }),
      file: pdf.toString('base64'),
      thumbnail: template.previewPng.toString('base64'),
      pages: template.pages.map(({ page, width, height }) => ({ page, width, height })),
      api,
      apiKey,
      curlCall: curlCommand({ appUrl: deps.config.appUrl, apiKey, payload: api }),
      boxes: template.fields.flatMap((field) =>
        (field.boxes ?? []).map(({ page, rectX, rectY, rectWidth, rectHeight }) => ({
          ...{ page, rectX, rectY, rectWidth, rectHeight },
          label: field.label,
        })),
      ),
      stamps: stamps.map(toStampResponse),
      lastUpdate: template.updatedAt,
      ...publicationState(template),
    };
  };

  const create = async (
    userId: string,
    form: {
      name: string | undefined;
      description: string | undefined;
      file: UploadedFile | undefined;
    },
  ): Promise<TemplateResponse> => {
    if (!form.name?.trim() || !form.file) {
      throw new AppError('VALIDATION_ERROR', 400, templateMessages.missingFields);
    }
    const parsedName = templateNameSchema.safeParse(form.name);
    if (!parsedName.success) {
      throw new AppError('VALIDATION_ERROR', 400, parsedName.error.issues[0]?.message ?? '');
    }
    const name = parsedName.data;
    if (await repo.findTemplate(db, userId, name)) throw nameTaken(name);
    const prepared = await prepare(userId, form.file);
    const description = form.description?.trim().slice(0, 1000) || DEFAULT_TEMPLATE_DESCRIPTION;
    const id = randomUUID();
    try {
      await repo.insertTemplate(db, {
        id,
        userId,
        name,
        description,
        pages: prepared.pages,
        fields: prepared.importedFields.map(asSavableField),
        previewPng: Buffer.from(prepared.previewPng),
        pdf: prepared.pdf,
        now: clock.now().toISOString(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(name);
      throw error;
    }
    deps.log.info({ event: 'template.created', userId, templateId: id }, 'template created');
    return {
      ...(await detail(await getTemplate(userId, name))),
      notImported: prepared.notImported,
      ...restrictionsNote(prepared),
      ...(prepared.labelSources.length > 0 && { importedLabels: prepared.labelSources }),
    };
  };

  const list = async (
    userId: string,
    /** From 1; `pageSize` at most MAX_PAGE_SIZE: the query refuses more (400), never clamps. */
    { page, pageSize }: { page: number; pageSize: number },
  ): Promise<TemplateListResponse> => {
    const [total, items] = await Promise.all([
      repo.countTemplates(db, userId),
      repo.listTemplates(db, { userId, offset: offsetOf({ page, pageSize }), limit: pageSize }),
    ]);
    return {
      templates: items.map((item) => ({
        templateName: item.name,
        file: item.previewPng.toString('base64'),
        lastUpdate: item.updatedAt,
        coordinates: item.fieldCount,
        status: item.fieldCount > 0 ? 'READY' : 'DRAFT',
        type: 'png',
        ...publicationState(item),
      })),
      page,
      pageSize,
      total,
      totalElements: total,
      totalPages: Math.ceil(total / pageSize),
      currentPage: page - 1,
    };
  };

  const get = async (userId: string, name: string) => detail(await getTemplate(userId, name));

  const save = async (
    userId: string,
    body: SaveTemplateBody & { inputs: TemplateInputValue[] },
  ) => {
    const template = await getTemplate(userId, body.templateName);
    checkRevision(template, body.revision);
    if (body.stamps?.some((stamp) => stamp.image)) {
      await deps.limiter.consume(stampPicturesRule, userId);
    }
    const existingIds = new Set(template.fields.map((field) => field.id));
    const fields = normaliseFields(body.inputs, template.pages, existingIds);
    await checkBarcodeDefaults(fields);
    const stamps =
      body.stamps &&
      (await toStoredStamps(body.stamps, await listStamps(db, template.id), template.pages));
    const now = clock.now().toISOString();
    const changes = {
      fields,
      ...(stamps && { stamps }),
      ...(body.language !== undefined && { language: body.language }),
    };
    if (!(await repo.updateTemplate(db, { ...template, now }, changes))) {
      throw editedElsewhere();
    }
    return detail(await getTemplate(userId, template.name));
  };

  const deleteField = async (userId: string, name: string, fieldId: string) => {
    const template = await getTemplate(userId, name);
    const fields = template.fields.filter((field) => field.id !== fieldId);
    if (fields.length === template.fields.length) {
      throw new AppError('NOT_FOUND', 404, 'This field does not exist (any more).');
    }
    // A template still naming the field would print its placeholder as written.
    checkTemplateLabels(fields);
    const now = clock.now().toISOString();
    if (!(await repo.updateTemplate(db, { ...template, now }, { fields }))) throw editedElsewhere();
  };

  const rename = async (userId: string, name: string, newName: string) => {
    const template = await getTemplate(userId, name);
    if (newName === template.name) return newName;
    if (await repo.findTemplate(db, userId, newName)) throw nameTaken(newName);
    try {
      const now = clock.now().toISOString();
      if (!(await repo.updateTemplate(db, { ...template, now }, { name: newName }))) {
        throw editedElsewhere();
      }
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(newName);
      throw error;
    }
    return newName;
  };

  /**
   * New PDF, same fields, as a new draft: fields that no longer lie on the new pages are kept
   * (the editor marks them, and they print nothing where there is no page) and named; stamps
   * that no longer fit are removed and named.
   */
  const replacePdf = async (userId: string, name: string, file: UploadedFile | undefined) => {
    const template = await getTemplate(userId, name);
    if (!file) throw new AppError('VALIDATION_ERROR', 400, 'Please upload a PDF file.');
    const prepared = await prepare(userId, file);
    // Named, not dropped: they stay in the draft until their owner moves or deletes them.
    const outOfBounds = fieldsThatFit(template.fields, prepared.pages).removed;
    const stamps = stampsThatFit(await listStamps(db, template.id), prepared.pages);
    const now = clock.now().toISOString();
    const isUpdated = await repo.updateTemplate(
      db,
      { ...template, now },
      {
        stamps: stamps.kept,
        pages: prepared.pages,
        previewPng: prepared.previewPng,
        pdf: prepared.pdf,
      },
    );
    if (!isUpdated) throw editedElsewhere();
    return { removedFields: stamps.removed, outOfBounds, ...restrictionsNote(prepared) };
  };

  const remove = async (userId: string, name: string) => {
    const template = await getTemplate(userId, name);
    const blobs = await versions.blobsOfTemplate(db, template.id);
    if (!(await repo.deleteTemplate(db, userId, name))) throw templateNotFound(name);
    deps.log.info({ event: 'template.deleted', userId }, 'template deleted');
    // Versions went with the template (cascade); their bytes go unless another version shares them.
    await versions.deleteUnusedBlobs(db, blobs).catch((error: unknown) => {
      deps.log.warn({ event: 'template.blobs_kept', err: error }, 'template blobs kept');
    });
  };

  const download = async (userId: string, name: string) => getPdf(await getTemplate(userId, name));

  /**
   * Deletes an account's templates through `deleteAccount`, which removes the account's rows
   * (templates and their versions by cascade), then the stored bytes no other version still uses.
   */
  const removeAllOf = async (userId: string, deleteAccount: () => Promise<boolean>) => {
    const blobs = await versions.blobsOfAccount(db, userId);
    if (!(await deleteAccount())) return false;
    await versions.deleteUnusedBlobs(db, blobs).catch((error: unknown) => {
      deps.log.warn({ event: 'template.blobs_kept', err: error }, 'template blobs kept');
    });
    return true;
  };

  return {
    create,
    list,
    get,
    save,
    deleteField,
    rename,
    replacePdf,
    remove,
    removeAllOf,
    download,
    getTemplate,
    getPdf,
  };
};
