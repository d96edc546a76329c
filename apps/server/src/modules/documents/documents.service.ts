import type { GenerateDocumentBody } from '@platen/contract';
import type { FieldSpec, FillOptions, FitReport } from '@platen/pdf-engine';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { engineRefusalToError } from '../../pdf-pool/engine-refusal.ts';
import { invalidApiKey } from '../api-keys/api-keys.service.ts';
import { countDocument, findPlanLimit, releaseDocuments, reportOverage } from '../billing/index.ts';
import { exampleValues } from '../templates/api-example.ts';
import { isStampLabel } from '../templates/stamps.ts';
import { fieldsOnPages } from '../templates/template-fields.ts';
import { createTemplatesService, templateNotFound } from '../templates/templates.service.ts';
import { versionNotFound } from '../templates/versions.service.ts';
import { rateRules } from '../rate-limits/rate-limiter.ts';
import { findKeyAndTemplate } from './documents.repository.ts';
import { resolveFieldValues } from './field-values.ts';
import { createTemplateAssetsCache, type TemplateVersion } from './template-assets.ts';

/** `version`: what was filled, a published version's number or `draft`. */
export type Document = { pdf: Uint8Array; fitReport: FitReport; version: number | 'draft' };

const templateIdNotFound = (id: string) =>
  new AppError('TEMPLATE_NOT_FOUND', 404, `There is no template with the id "${id}".`);

export const createDocumentsService = (deps: Deps) => {
  const templates = createTemplatesService(deps);

  const templateAssets = createTemplateAssetsCache(deps.db);

  /** The template's PDF and fields and the payload's values, checked and with images loaded. */
  const prepare = async (template: TemplateVersion, payload?: Record<string, unknown>) => {
    const assets = await templateAssets(template);
    const values = await resolveFieldValues(
      assets.fields,
      payload ?? exampleValues(assets.fields),
      deps.imageNetwork,
    );
    return {
      templateKey: assets.key,
      template: assets.pdf,
      fields: assets.fillFields,
      values: { ...values, ...assets.stampValues },
    };
  };

  /**
   * The API key's account and the template version to fill, in one statement; an unknown key,
   * a missing template and a missing version are told apart without a second one. By default
   * the latest published version is filled, the draft while there is none.
   */
  const findTarget = async (keyHash: string | undefined, body: GenerateDocumentBody) => {
    const named: { name: string } | { id: string } =
      body.templateId === undefined ? { name: body.templateName ?? '' } : { id: body.templateId };
    const found = keyHash && (await findKeyAndTemplate(deps.db, keyHash, named, body.version));
    if (!found) throw invalidApiKey();
    const { templateId, revision, fieldsJson, versionNumber, pdfHash } = found;
    if (templateId === null || revision === null || fieldsJson === null) {
      throw 'name' in named ? templateNotFound(named.name) : templateIdNotFound(named.id);
    }
    const isDraft =
      body.version === 'draft' || (body.version === undefined && found.publishedVersion === null);
    if (isDraft) {
      const template: TemplateVersion = {
        id: templateId,
        source: { draft: Number(revision) },
        fields: () =>
          fieldsOnPages(JSON.parse(fieldsJson) as FieldSpec[], Number(found.draftPageCount)),
      };
      return { userId: found.userId, template, version: 'draft' as const };
    }
    if (versionNumber === null || pdfHash === null) {
      throw versionNotFound(found.templateName ?? '', Number(body.version));
    }
    const version = Number(versionNumber);
    const template: TemplateVersion = {
      id: templateId,
      source: { version, pdfHash },
      fields: () => JSON.parse(fieldsJson) as FieldSpec[],
    };
    return { userId: found.userId, template, version };
  };

  const fill = async (input: Awaited<ReturnType<typeof prepare>>, options: FillOptions) => {
    const filled = await deps.pdfPool.fillDocument({ ...input, options });
    if (!filled.ok) throw engineRefusalToError(filled);
    const fitReport = Object.fromEntries(
      Object.entries(filled.fitReport).filter(([label]) => !isStampLabel(label)),
    );
    return { pdf: filled.pdf, fitReport };
  };

  /** Why a document could not be counted: the plan's limit, or a subscription not in good standing. */
  const refusal = async (userId: string) => {
    const plan = await findPlanLimit(deps.db, userId);
    if (plan?.status === 'UNPAID' || plan?.status === 'EXPIRED') {
      return new AppError(
        'QUOTA_EXCEEDED',
        402,
        'Your subscription is not paid. Update your payment details in the billing portal to generate documents.',
      );
    }
    return new AppError(
      'QUOTA_EXCEEDED',
      402,
      `You have used all ${plan?.monthlyLimit ?? ''} documents of your ${plan?.planType ?? ''} plan this month. Upgrade your plan to generate more.`,
    );
  };

  /** Metered usage goes to the payment provider off the request path; a failure is retried later. */
  const reportOverageLater = (userId: string) => {
    reportOverage(deps, userId).catch((error: unknown) => {
      deps.log.error(
        { event: 'billing.overage_report_failed', err: error, userId },
        'overage not reported',
      );
    });
  };

  /**
   * The paid-for call: fills a template with the caller's values and counts one document. The
   * document is counted before the work and given back if the work fails, so a limit is never
   * exceeded by requests racing each other. In test mode the document is marked SAMPLE and not
   * counted, so an integrator can try real payloads; such calls have their own per-account limit.
   */
  const generate = async (
    /** The caller's API key as stored (apiKeyHash); undefined when missing or malformed. */
    keyHash: string | undefined,
    body: GenerateDocumentBody,
  ): Promise<Document> => {
    const { userId, template, version } = await findTarget(keyHash, body);
    const input = await prepare(template, body.fields ?? {});
    if (body.test) {
      await deps.limiter.consume(rateRules.testDocumentsPerUser, userId);
      const options = { strict: body.strict ?? false, sample: true };
      return { ...(await fill(input, options)), version };
    }
    const reservedAt = deps.clock.now();
    const reservation = await countDocument(deps, userId, reservedAt);
    if (!reservation.isReserved) throw await refusal(userId);
    try {
      const started = process.hrtime.bigint();
      const document = await fill(input, { strict: body.strict ?? false });
      deps.metrics.documentGenerated(Number(process.hrtime.bigint() - started) / 1e9);
      if (reservation.hasOverageToReport) reportOverageLater(userId);
      return { ...document, version };
    } catch (error) {
      await releaseDocuments(deps, userId, 1, reservedAt);
      throw error;
    }
  };

  /** The draft's example payload, marked SAMPLE on every page, and not counted. */
  const tryout = async (userId: string, templateName: string): Promise<Document> => {
    const template = await templates.getTemplate(userId, templateName);
    const draft = {
      id: template.id,
      source: { draft: template.revision },
      fields: () => fieldsOnPages(template.fields, template.pages.length),
    };
    return { ...(await fill(await prepare(draft), { sample: true })), version: 'draft' };
  };

  return { generate, tryout };
};
