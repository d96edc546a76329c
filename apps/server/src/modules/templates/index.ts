/**
 * What other code uses of templates: finding a template and its published version (their PDF,
 * fields and stamps), how its values are formatted and offered, the API example, every template
 * of an account for its data export, and its routes.
 */
export { exampleValues } from './api-example.ts';
export { listStamps } from './stamps.repository.ts';
export { isStampLabel, stampsAsFields } from './stamps.ts';
export { fieldsOnPages } from './template-fields.ts';
export { takesPayloadValue } from './template-text.ts';
export { findTemplatePdf } from './templates.repository.ts';
export { templatesRoutes } from './templates.routes.ts';
export { createTemplatesService, templateNotFound } from './templates.service.ts';
export { formatValue } from './value-formats.ts';
export { findBlob, listVersionStamps } from './versions.repository.ts';
export { versionNotFound } from './versions.service.ts';
export { templatesForExport, type TemplateForExport } from './templates-export.ts';
