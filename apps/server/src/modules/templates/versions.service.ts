import {
  diffFields,
  offsetOf,
  type PublishTemplateBody,
  type TemplateVersionDetail,
} from '@platen/contract';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { exampleValues } from './api-example.ts';
import { payloadSchema } from './payload-schema.ts';
import { listStamps } from './stamps.repository.ts';
import { toStampResponse } from './stamps.ts';
import { fieldsThatFit, toTemplateInput } from './template-fields.ts';
import * as repo from './templates.repository.ts';
import * as versions from './versions.repository.ts';
import { recordWebhookEvent } from '../webhooks/index.ts';

export const versionNotFound = (name: string, version: number) =>
  new AppError(
    'VERSION_NOT_FOUND',
    404,
    `The template "${name}" has no published version ${version}.`,
    {},
    {},
    name,
  );

const editConflict = () =>
  new AppError(
    'EDIT_CONFLICT',
    409,
    'This template was changed since you opened it. Reload it to see the changes; your edits are kept until you do.',
  );

/** A stale `revision` sent with an edit is refused before anything changes. */
export const checkRevision = (template: repo.Template, revision: number | undefined) => {
  if (revision !== undefined && revision !== template.revision) throw editConflict();
};

const summaryOf = (v: versions.TemplateVersionRow) => ({
  version: v.number,
  publishedAt: v.publishedAt,
  publishedBy: v.publishedBy,
  note: v.note,
  fieldCount: v.fieldCount,
  changes: v.changes,
});

export const createVersionsService = (
  deps: Deps,
  getTemplate: (userId: string, name: string) => Promise<repo.Template>,
) => {
  const { db, clock } = deps;

  const getVersion = async (template: repo.Template, number: number) => {
    const version = await versions.findVersion(db, template.id, number);
    if (!version) throw versionNotFound(template.name, number);
    return version;
  };

  const publish = async (
    /** `publishedBy`: who the history names, the e-mail of a session or the API key. */
    user: { userId: string; publishedBy: string },
    name: string,
    body: PublishTemplateBody,
  ) => {
    const template = await getTemplate(user.userId, name);
    checkRevision(template, body.revision);
    if (template.publishedRevision === template.revision) {
      throw new AppError(
        'NOTHING_TO_PUBLISH',
        409,
        `Version ${template.publishedVersion} is this draft already: there is nothing new to publish.`,
      );
    }
    const outside = fieldsThatFit(template.fields, template.pages).removed;
    if (outside.length > 0) {
      throw new AppError(
        'INVALID_FIELDS',
        400,
        `These fields do not lie on the pages: ${outside.map((l) => `"${l}"`).join(', ')}. Move or delete them, then publish.`,
      );
    }
    const previous =
      template.publishedVersion === null
        ? undefined
        : await getVersion(template, template.publishedVersion);
    const changes = diffFields(previous?.fields ?? [], template.fields);
    const breaking = changes.filter((change) => change.breaking);
    if (breaking.length > 0 && !body.acceptBreaking) {
      throw new AppError(
        'BREAKING_CHANGES',
        409,
        `Publishing would break integrations built for version ${previous?.number}: ${breaking.map((c) => `"${c.previousLabel ?? c.label}" ${c.kind}`).join(', ')}. Send acceptBreaking to publish anyway.`,
        {},
        { changes: breaking },
      );
    }
    const [pdf, stamps] = await Promise.all([
      repo.findTemplatePdf(db, template.id),
      listStamps(db, template.id),
    ]);
    const number = (template.publishedVersion ?? 0) + 1;
    const publishedAt = clock.now().toISOString();
    const isPublished = await versions.insertVersion(
      db,
      {
        templateId: template.id,
        revision: template.revision,
        previous: template.publishedVersion,
        number,
        publishedAt,
        publishedBy: user.publishedBy,
        note: body.note ?? '',
        pages: template.pages,
        fields: template.fields,
        language: template.language,
        changes,
        pdf: pdf ?? new Uint8Array(),
        previewPng: template.previewPng,
        stamps,
      },
      (trx) =>
        recordWebhookEvent(trx, {
          userId: user.userId,
          type: 'template.published',
          at: new Date(publishedAt),
          data: {
            templateId: template.id,
            templateName: name,
            version: number,
            note: body.note ?? '',
          },
        }),
    );
    if (!isPublished) throw editConflict();
    deps.log.info(
      {
        event: 'template.published',
        userId: user.userId,
        templateId: template.id,
        version: number,
      },
      'template published',
    );
    return summaryOf((await versions.findVersion(db, template.id, number))!);
  };

  const list = async (userId: string, name: string, page: { page: number; pageSize: number }) => {
    const template = await getTemplate(userId, name);
    const [rows, total] = await Promise.all([
      versions.listVersions(db, template.id, { offset: offsetOf(page), limit: page.pageSize }),
      versions.countVersions(db, template.id),
    ]);
    return { versions: rows.map(summaryOf), ...page, total };
  };

  const detail = async (
    userId: string,
    name: string,
    number: number,
  ): Promise<TemplateVersionDetail> => {
    const template = await getTemplate(userId, name);
    const version = await getVersion(template, number);
    const [preview, stamps] = await Promise.all([
      versions.findBlob(db, version.previewHash),
      versions.listVersionStamps(db, template.id, number),
    ]);
    return {
      ...summaryOf(version),
      templateName: template.name,
      inputs: version.fields.map(toTemplateInput),
      ...(version.language && { language: version.language }),
      pages: version.pages.map(({ page, width, height }) => ({ page, width, height })),
      stamps: stamps.map(toStampResponse),
      thumbnail: (preview ?? Buffer.alloc(0)).toString('base64'),
      api: { templateName: template.name, version: number, fields: exampleValues(version.fields) },
    };
  };

  const pdf = async (userId: string, name: string, number: number) => {
    const template = await getTemplate(userId, name);
    const version = await getVersion(template, number);
    const bytes = await versions.findBlob(db, version.pdfHash);
    if (!bytes) throw versionNotFound(name, number);
    return bytes;
  };

  /** The version's PDF, fields and stamps become the draft (a new revision); nothing is published. */
  const restore = async (userId: string, name: string, number: number) => {
    const template = await getTemplate(userId, name);
    const version = await getVersion(template, number);
    const [pdfBytes, preview, stamps] = await Promise.all([
      versions.findBlob(db, version.pdfHash),
      versions.findBlob(db, version.previewHash),
      versions.listVersionStamps(db, template.id, number),
    ]);
    const isUpdated = await repo.updateTemplate(
      db,
      { ...template, now: clock.now().toISOString() },
      {
        fields: version.fields,
        pages: version.pages,
        language: version.language,
        stamps,
        ...(pdfBytes && { pdf: pdfBytes }),
        ...(preview && { previewPng: preview }),
      },
    );
    if (!isUpdated) throw editConflict();
    return { message: `Version ${number} is the draft now.`, revision: template.revision + 1 };
  };

  /** The payload schema of a version, of the draft, or (by default) of what generate fills. */
  const schema = async (userId: string, name: string, selector: number | 'draft' | undefined) => {
    const template = await getTemplate(userId, name);
    const wanted = selector ?? template.publishedVersion ?? 'draft';
    const fields =
      wanted === 'draft' ? template.fields : (await getVersion(template, wanted)).fields;
    return payloadSchema(fields, { templateName: template.name, version: wanted });
  };

  return { publish, list, detail, pdf, restore, schema };
};
