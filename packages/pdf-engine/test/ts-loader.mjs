// Test-only module hook: lets a worker_thread import the engine's .ts sources by transpiling
// them with the repository's TypeScript (Node's own type stripping refuses the parameter
// properties the engine's classes use).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const source = await readFile(fileURLToPath(url), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    fileName: fileURLToPath(url),
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
      rewriteRelativeImportExtensions: false,
    },
  });
  return { format: 'module', source: outputText, shortCircuit: true };
}
