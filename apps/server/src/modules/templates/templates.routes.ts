import * as contract from '@platen/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { readMultipartForm } from '../../plugins/multipart-form.ts';
import { route } from '../../plugins/route.ts';
import { createTemplatesService } from './templates.service.ts';
import { createVersionsService } from './versions.service.ts';

/** RFC 6266: a plain ASCII fallback plus the exact UTF-8 name. */
const attachmentDisposition = (name: string) => {
  const fileName = `${name}.pdf`;
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%/]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};

export const templatesRoutes = async (app: FastifyInstance, opts: { deps: Deps }) => {
  const templates = createTemplatesService(opts.deps);
  const versions = createVersionsService(opts.deps, templates.getTemplate);

  route(app, contract.listTemplates, (req) =>
    templates.list(req.userId, contract.templatePageOf(req.query)),
  );
  route(app, contract.createTemplate, async (req) => {
    const form = await readMultipartForm(req, {
      fileField: 'file',
      fields: ['templateName', 'templateDescription'] as const,
    });
    return templates.create(req.userId, {
      name: form.fields.templateName,
      description: form.fields.templateDescription,
      file: form.file,
    });
  });
  route(app, contract.getTemplate, (req) => templates.get(req.userId, req.params.templateName));
  // Stamps travel as data: URIs inside the JSON, so saving takes up to the upload limit.
  route(app, contract.saveTemplate, (req) => templates.save(req.userId, req.body), {
    bodyLimit: opts.deps.config.maxUploadBytes,
  });
  route(app, contract.deleteTemplate, async (req) => {
    await templates.remove(req.userId, req.params.templateName);
    return { message: 'The template has been deleted.' };
  });
  route(app, contract.deleteTemplateField, async (req) => {
    await templates.deleteField(req.userId, req.params.templateName, req.body.id);
    return { message: 'The field has been deleted.' };
  });
  route(app, contract.renameTemplate, async (req) => ({
    templateName: await templates.rename(req.userId, req.params.templateName, req.body.name),
  }));
  route(app, contract.replaceTemplatePdf, async (req) => {
    const form = await readMultipartForm(req, { fileField: 'file', fields: [] });
    const replaced = await templates.replacePdf(req.userId, req.params.templateName, form.file);
    return { message: 'Template replaced successfully.', ...replaced };
  });
  route(app, contract.downloadTemplatePdf, async (req, reply) => {
    const pdf = await templates.download(req.userId, req.params.templateName);
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentDisposition(req.params.templateName))
      .send(pdf);
  });

  route(app, contract.publishTemplate, (req) =>
    versions.publish(
      {
        userId: req.userId,
        publishedBy: req.callerKind === 'apiKey' ? 'API key' : req.auth.email,
      },
      req.params.templateName,
      req.body,
    ),
  );
  route(app, contract.listTemplateVersions, (req) =>
    versions.list(req.userId, req.params.templateName, req.query),
  );
  route(app, contract.getTemplateVersion, (req) =>
    versions.detail(req.userId, req.params.templateName, req.params.version),
  );
  route(app, contract.downloadTemplateVersionPdf, async (req, reply) => {
    const { templateName, version } = req.params;
    const pdf = await versions.pdf(req.userId, templateName, version);
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentDisposition(`${templateName} v${version}`))
      .send(pdf);
  });
  route(app, contract.restoreTemplateVersion, (req) =>
    versions.restore(req.userId, req.params.templateName, req.params.version),
  );
  route(app, contract.getTemplateSchema, (req) =>
    versions.schema(req.userId, req.params.templateName, req.query.version),
  );
};
