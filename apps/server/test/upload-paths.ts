import { corpusBuffer, corpusFile, corpusNames, folderOf, sharedCorpusNames } from './corpus.ts';
import { makePdf } from './pdf-fixtures.ts';
import {
  dataUri,
  fileForm,
  remoteCall,
  remoteCreateTemplate,
  remoteSignUp,
  type RemoteResponse,
} from './remote.ts';

/**
 * Every way a user's file reaches the server: a PDF as a new template or as a replacement, a
 * picture for the profile, and a stamp picture (a data: URI inside the template's JSON).
 */
export const UPLOAD_PATHS = ['create', 'replace', 'picture', 'stamp'] as const;
export type UploadPath = (typeof UPLOAD_PATHS)[number];

/** A corpus file: ours (test-fixtures/) or the third-party one's (`../shared/corpus`). */
export type CorpusEntry = {
  file: string;
  folder: 'pdfs' | 'images';
  data: Buffer;
  isThirdParty: boolean;
};

/**
 * Every file of the test corpus, then every file of `../shared/corpus/pdfs` and
 * `../shared/corpus/images` when that corpus is present; each part sorted by name.
 */
export const corpusEntries = async (): Promise<CorpusEntry[]> => {
  const ours = await Promise.all(
    corpusNames().map(async (file) => ({
      file,
      folder: folderOf(file),
      data: await corpusBuffer(file),
      isThirdParty: false,
    })),
  );
  const theirs = (['pdfs', 'images'] as const).flatMap((folder) =>
    sharedCorpusNames(folder).map((file) => ({
      file,
      folder,
      data: corpusFile(`${folder}/${file}`),
      isThirdParty: true,
    })),
  );
  return [...ours, ...theirs];
};

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The type a browser would claim from the name; the server must judge by content anyway. */
const claimedType = (file: string) =>
  file.endsWith('.pdf')
    ? 'application/pdf'
    : (IMAGE_TYPES[file.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream');

/**
 * One signed-in account with its own template to replace and stamp, so parallel lanes never
 * edit each other's template (a concurrent edit is a 409 by design).
 */
export type UploadLane = { baseUrl: string; token: string; templateName: string; seq: number };

export const openUploadLane = async (baseUrl: string, label: string): Promise<UploadLane> => {
  const account = await remoteSignUp(baseUrl);
  const templateName = `Lane ${label}`;
  const pdf = await makePdf();
  let res = await remoteCreateTemplate(baseUrl, account.token, templateName, pdf);
  // The first PDF task of a fresh server also starts its worker; on a busy machine that can pass
  // the server's time limit. The lane's template is not what is tested: try once more, say so.
  if (res.status === 422 && res.body.includes('PDF_TOO_COMPLEX')) {
    console.warn(`lane ${label}: its template hit the PDF time limit on a cold server; once more`);
    res = await remoteCreateTemplate(baseUrl, account.token, templateName, pdf);
  }
  if (res.status !== 200) throw new Error(`lane template: ${res.status} ${res.body}`);
  return { baseUrl, token: account.token, templateName, seq: 0 };
};

/** Sends `data` (named `file`) through one upload path of the lane's account. */
export const uploadThrough = (
  lane: UploadLane,
  path: UploadPath,
  file: string,
  data: Uint8Array,
): Promise<RemoteResponse> => {
  const { baseUrl, token, templateName } = lane;
  const type = claimedType(file);
  switch (path) {
    case 'create':
      lane.seq += 1;
      return remoteCall(baseUrl, 'POST', '/v1/template', {
        token,
        body: fileForm({ data, filename: file, type }, { templateName: `${file} #${lane.seq}` }),
      });
    case 'replace':
      return remoteCall(
        baseUrl,
        'POST',
        `/v1/template/${encodeURIComponent(templateName)}/update/pdf`,
        { token, body: fileForm({ data, filename: file, type }) },
      );
    case 'picture':
      return remoteCall(baseUrl, 'POST', '/v1/user/picture', {
        token,
        body: fileForm({ data, filename: file, type }),
      });
    case 'stamp':
      return remoteCall(baseUrl, 'PUT', '/v1/template', {
        token,
        body: {
          templateName,
          inputs: [],
          stamps: [
            {
              page: 1,
              rectX: 10,
              rectY: 10,
              rectWidth: 100,
              rectHeight: 40,
              image: dataUri(type.startsWith('image/') ? type : 'image/png', data),
            },
          ],
        },
      });
  }
};

/** Answers a test accepts from an upload: a success or a refusal the client can act on. */
export const isClientAnswer = (status: number) => status >= 200 && status < 500;
