import type { Db } from '../../db/tables.ts';
import { billingForExport } from '../billing/index.ts';
import { createUniqueNamer, safeFileBase } from '../jobs/index.ts';
import { templatesForExport, type TemplateForExport } from '../templates/index.ts';
import { profileForExport } from '../users/index.ts';
import { webhookEndpointsForExport } from '../webhooks/index.ts';

/** A file of the export's ZIP, read from the database only when the ZIP writes it. */
export type ExportFile = { path: string; load: () => Promise<Buffer | undefined> };

/** Folder names for the templates: safe on every file system, and one per template. */
const createFolderNamer = () => {
  const unique = createUniqueNamer('');
  return (name: string) => unique(safeFileBase(name) || 'template');
};

const templateEntries = (templates: TemplateForExport[]) => {
  const files: ExportFile[] = [];
  const folderOf = createFolderNamer();
  const withStamps = (folder: string, stamps: TemplateForExport['stamps']) =>
    stamps.map((stamp, index) => {
      const path = `${folder}/stamps/stamp-${index + 1}.png`;
      files.push({ path, load: stamp.png });
      return { ...stamp.place, file: path };
    });
  const described = templates.map((template) => {
    const folder = `templates/${folderOf(template.about.name)}`;
    files.push({ path: `${folder}/template.pdf`, load: template.pdf });
    return {
      ...template.about,
      file: `${folder}/template.pdf`,
      stamps: withStamps(folder, template.stamps),
      versions: template.versions.map((version) => {
        const versionFolder = `${folder}/versions/${version.about.number}`;
        files.push({ path: `${versionFolder}/template.pdf`, load: version.pdf });
        return {
          ...version.about,
          file: `${versionFolder}/template.pdf`,
          stamps: withStamps(versionFolder, version.stamps),
        };
      }),
    };
  });
  return { described, files };
};

/**
 * What an account's export holds: `account.json` (the account as each owning module describes
 * it) and the files it names, in the order the ZIP writes them. Undefined when the account is
 * gone.
 */
export const collectExportContents = async (db: Db, userId: string, exportedAt: Date) => {
  const account = await profileForExport(db, userId);
  if (!account) return undefined;
  const billing = await billingForExport(db, userId);
  const templates = templateEntries(await templatesForExport(db, userId));
  const picture: ExportFile[] = account.picturePng
    ? [{ path: 'profile-picture.png', load: async () => account.picturePng }]
    : [];
  const accountJson = {
    exportedAt: exportedAt.toISOString(),
    profile: {
      ...account.profile,
      picture: picture.length > 0 ? 'profile-picture.png' : null,
    },
    ...billing,
    templates: templates.described,
    webhookEndpoints: await webhookEndpointsForExport(db, userId, exportedAt),
  };
  return { accountJson, files: [...picture, ...templates.files] };
};
