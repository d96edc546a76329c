import { languageFieldTypes, type GenerateDocumentBody } from '@platen/contract';
import type { FieldSpec, FillOptions } from '@platen/pdf-engine';
import type { Deps } from '../../deps.ts';
import { createTemplatesService, exampleValues, fieldsOnPages } from '../templates/index.ts';
import { rateRules } from '../rate-limits/index.ts';
import { resolveFieldValues } from './field-values.ts';
import { fillDocument, produce, type Filled } from './produce.ts';
import { refuseUnknownLabels } from './unknown-labels.ts';
import { createTemplateAssetsCache, type FillSource } from './template-assets.ts';
import { findAccountTarget, payloadLabels, type Target, type TemplateSelector } from './target.ts';

/** `version`: what was filled, a published version's number or `draft`. */
export type Document = Filled & { version: number | 'draft' };

/**
 * The fill's fields, each without a language of its own given `language` (when there is one): the
 * request's, else the template's. Without any, the engine decides from the text.
 */
const withLanguage = <T extends { fields: readonly FieldSpec[] }>(
  input: T,
  language: string | undefined,
): T =>
  language
    ? {
        ...input,
        fields: input.fields.map((field) =>
          field.language || !languageFieldTypes.includes(field.type)
            ? field
            : { ...field, language },
        ),
      }
    : input;

export const createDocumentsService = (deps: Deps) => {
  const templates = createTemplatesService(deps);
  const templateAssets = createTemplateAssetsCache(deps.db);

  /**
   * The template's PDF and fields and the payload's values, checked and with images loaded; a
   * field's language is its own, else the request's, else the template's.
   */
  const prepare = async (
    template: FillSource,
    payload?: Record<string, unknown>,
    requestLanguage?: string,
  ) => {
    const assets = await templateAssets(template);
    const values = await resolveFieldValues(
      assets.fields,
      payload ?? exampleValues(assets.fields),
      deps.imageNetwork,
    );
    const input = {
      templateKey: assets.key,
      template: assets.pdf,
      fields: assets.fillFields,
      values: { ...values, ...assets.stampValues },
    };
    return withLanguage(input, requestLanguage ?? template.language);
  };

  /** An account's template version to fill, as generate chooses it (documents/target.ts). */
  const findAccountTargetOf = (userId: string, body: TemplateSelector) =>
    findAccountTarget(deps.db, userId, body);

  /** A refusal at the plan's limit, in the words of one document. */
  const overLimit = (plan: { planType: string; monthlyLimit: number }) =>
    `You have used all ${plan.monthlyLimit} documents of your ${plan.planType} plan this month. Upgrade your plan to generate more.`;

  /**
   * The paid-for call: fills a template with the caller's values and counts one document, before
   * the work, giving it back if the work fails (produce.ts). In test mode the document is marked SAMPLE and not
   * counted, so an integrator can try real payloads; such calls have their own per-account limit.
   */
  const generate = async (
    userId: string,
    { template, version }: Target,
    body: GenerateDocumentBody,
  ): Promise<Document> => {
    if (!body.ignoreUnknownFields) refuseUnknownLabels(await labelsOf(template), body.fields ?? {});
    const input = await prepare(template, body.fields ?? {}, body.language);
    if (body.test) {
      await deps.limiter.consume(rateRules.testDocumentsPerUser, userId);
      const options = { strict: body.strict ?? false, sample: true };
      return { ...(await fillDocument(deps, userId, { ...input, options })), version };
    }
    const options = { strict: body.strict ?? false };
    return produce(deps, userId, { count: 1, wording: overLimit }, async () => ({
      ...(await fillDocument(deps, userId, { ...input, options })),
      version,
    }));
  };

  /**
   * The draft's example payload, marked SAMPLE on every page, and not counted: the editor's
   * look at its unpublished work (generate keeps filling the published version meanwhile).
   */
  const tryout = async (userId: string, templateName: string): Promise<Document> => {
    const template = await templates.getTemplate(userId, templateName);
    const draft = {
      id: template.id,
      source: { draft: template.revision },
      fields: () => fieldsOnPages(template.fields, template.pages.length),
      ...(template.language && { language: template.language }),
    };
    const input = { ...(await prepare(draft)), options: { sample: true } };
    return { ...(await fillDocument(deps, userId, input)), version: 'draft' };
  };

  /**
   * One document of the caller's values, not metered: a batch's documents were reserved when its
   * job was made (produce.ts). `language` is the batch's, for fields that set none.
   */
  const fillValues = async (
    userId: string,
    template: FillSource,
    values: Record<string, unknown>,
    options: FillOptions,
    language?: string,
  ) => fillDocument(deps, userId, { ...(await prepare(template, values, language)), options });

  /** The fields a template version's payload fills (stamps excluded). */
  const fieldsOf = async (template: FillSource) => (await templateAssets(template)).fields;
  /** The labels a payload for this version may name (see `FillSource.labels`). */
  const labelsOf = async (template: FillSource) =>
    template.labels?.() ?? payloadLabels(await fieldsOf(template));

  return {
    generate,
    tryout,
    findAccountTarget: findAccountTargetOf,
    fillValues,
    fieldsOf,
    labelsOf,
  };
};
