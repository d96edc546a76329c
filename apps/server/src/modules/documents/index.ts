/**
 * What other modules use of documents: filling a template version with values, uncounted,
 * metering what a call makes (produce), and checking a document's values before it is filled;
 * and its routes, for the app.
 */
export { documentsRoutes } from './documents.routes.ts';
export { createDocumentsService } from './documents.service.ts';
export { produce } from './produce.ts';
export { checkFieldValues, expectedValue, misshapenBarcodes } from './field-values.ts';
export { describeUnknown, unknownLabels } from './unknown-labels.ts';
