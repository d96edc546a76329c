/**
 * What other modules use of documents: filling a template version with values, uncounted, and
 * checking a document's values before it is filled; and its routes, for the app.
 */
export { documentsRoutes } from './documents.routes.ts';
export { createDocumentsService } from './documents.service.ts';
export { checkFieldValues, expectedValue, misshapenBarcodes } from './field-values.ts';
export { describeUnknown, unknownLabels } from './unknown-labels.ts';
