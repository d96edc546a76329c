import { downloadTemplatePdf, tryoutDocument } from '@platen/contract';
import { saveBlob } from '../../../components/files/save-blob.ts';
import { requestBlob, requestFile } from '../../../lib/api-client.ts';

/** GET /v1/template/:name/pdf as a file the browser saves. */
export const downloadPdf = async (templateName: string) => {
  const blob = await requestBlob(downloadTemplatePdf, { params: { templateName } });
  saveBlob(blob, `${templateName}.pdf`);
};

/** The example PDF (marked SAMPLE), from the template's example payload. */
export const fetchTryout = (templateName: string) =>
  requestFile(tryoutDocument, { body: { templateName } });
