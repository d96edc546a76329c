import type { GenerateDocumentBody } from '@platen/contract';
import type { FieldSpec } from '@platen/pdf-engine';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/tables.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  fieldsOnPages,
  takesPayloadValue,
  templateNotFound,
  versionNotFound,
} from '../templates/index.ts';
import { findAccountTemplate, findKeyAndTemplate } from './documents.repository.ts';
import type { FillSource } from './template-assets.ts';

/** A template and version as the look-ups find them (null columns: not found). */
type FoundTemplate = {
  templateId: string | null;
  templateName: string | null;
  revision: number | null;
  publishedVersion: number | null;
  draftPageCount: number | null;
  versionNumber: number | null;
  pdfHash: string | null;
  fieldsJson: string | null;
  /** The default languages of the version found and of the draft. */
  versionLanguage: string | null;
  draftLanguage: string | null;
};

/** What an API key's look-up finds: the key's account, and its template as `FoundTemplate`. */
export type KeyTarget = FoundTemplate & { userId: string };

/** How a call names the template and the version to fill (generate's and a batch's body). */
export type TemplateSelector = Pick<
  GenerateDocumentBody,
  'templateName' | 'templateId' | 'version'
>;

/** The template version to fill, its template's name, and the version as an answer names it. */
export type Target = {
  template: FillSource;
  templateName: string;
  version: number | 'draft';
};

/**
 * The labels a payload may carry: every field's but a fixed one's, which prints its default, and
 * a template's, which prints other fields' values.
 */
export const payloadLabels = (fields: readonly FieldSpec[]) =>
  fields.filter(takesPayloadValue).map((field) => field.label);

const templateIdNotFound = (id: string) =>
  new AppError('TEMPLATE_NOT_FOUND', 404, `There is no template with the id "${id}".`, {}, {}, id);

const namedIn = (body: TemplateSelector): { name: string } | { id: string } =>
  body.templateId === undefined ? { name: body.templateName ?? '' } : { id: body.templateId };

/**
 * The template version a found row names, or the refusal for what was not found. By default the
 * latest published version is filled, the draft while there is none.
 */
const targetOf = (found: FoundTemplate | undefined, body: TemplateSelector): Target => {
  const pinned = body.version;
  if (!found || found.templateId === null || found.revision === null || found.fieldsJson === null) {
    const named = namedIn(body);
    throw 'name' in named ? templateNotFound(named.name) : templateIdNotFound(named.id);
  }
  const { templateId, revision, fieldsJson, versionNumber, pdfHash } = found;
  const languageOf = (language: string | null) => (language ? { language } : {});
  const templateName = found.templateName ?? '';
  const isDraft = pinned === 'draft' || (pinned === undefined && found.publishedVersion === null);
  if (isDraft) {
    const template: FillSource = {
      id: templateId,
      source: { draft: Number(revision) },
      fields: () =>
        fieldsOnPages(JSON.parse(fieldsJson) as FieldSpec[], Number(found.draftPageCount)),
      labels: () => payloadLabels(JSON.parse(fieldsJson) as FieldSpec[]),
      ...languageOf(found.draftLanguage),
    };
    return { template, templateName, version: 'draft' };
  }
  if (versionNumber === null || pdfHash === null) {
    throw versionNotFound(templateName, Number(pinned));
  }
  const version = Number(versionNumber);
  const template: FillSource = {
    id: templateId,
    source: { version, pdfHash },
    fields: () => JSON.parse(fieldsJson) as FieldSpec[],
    ...languageOf(found.versionLanguage),
  };
  return { template, templateName, version };
};

/** An account's template version to fill, as generate chooses it (a batch, a job's try). */
export const findAccountTarget = async (
  db: Db,
  userId: string,
  body: TemplateSelector,
): Promise<Target> =>
  targetOf(await findAccountTemplate(db, userId, namedIn(body), body.version), body);

// One look-up per request, however many ask: the idempotency plugin (for the account), the key
// guard, then the handler (for the template).
const keyTargets = new WeakMap<FastifyRequest, Promise<KeyTarget | undefined>>();

/**
 * The API key's account and the template version its call names, in one statement (generate's
 * fast path), looked up once per request; undefined when the key is unknown. The template's
 * refusals (not found, no such version) wait for `targetOf`, so a call that never needs the
 * template (an idempotent replay) is not refused for it.
 */
export const findKeyTarget = (
  db: Db,
  request: FastifyRequest,
  keyHash: string,
): Promise<KeyTarget | undefined> => {
  const known = keyTargets.get(request);
  if (known) return known;
  const body = request.body as TemplateSelector;
  const found = findKeyAndTemplate(db, keyHash, namedIn(body), body.version);
  keyTargets.set(request, found);
  return found;
};

/** The template version the request's key guard found (`findKeyTarget`), or its refusal. */
export const keyTargetOf = async (request: FastifyRequest, body: TemplateSelector) => {
  const found = keyTargets.get(request);
  if (!found) throw new Error('The API key guard has not looked up this request’s template.');
  return targetOf(await found, body);
};
