/**
 * The Api tab's Node.js example: the same call as the cURL example, written with the typed client
 * (`@platen/client`). The key comes from the environment, so the example never shows it.
 */
export const clientExample = (opts: {
  baseUrl: string;
  templateName: string;
  fields: Record<string, unknown>;
}): string => {
  const fields = JSON.stringify(opts.fields, null, 2).replace(/\n/g, '\n  ');
  const fileName = `${opts.templateName.replace(/[^\w.-]+/g, '-') || 'document'}.pdf`;
  return [
    "import { writeFile } from 'node:fs/promises';",
    "import { createPlatenClient } from '@platen/client';",
    '',
    'const platen = createPlatenClient({',
    `  baseUrl: ${JSON.stringify(opts.baseUrl)},`,
    '  apiKey: process.env.PLATEN_API_KEY,',
    '});',
    `const { pdf, fitReport } = await platen.generate(${JSON.stringify(opts.templateName)}, ${fields});`,
    `await writeFile(${JSON.stringify(fileName)}, pdf);`,
    'console.log(fitReport);',
  ].join('\n');
};
