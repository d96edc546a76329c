/*
 * The docs and the comments that cite them stay in step: a file a doc names in backticks exists, an
 * anchor such as `product.md#validation` names one of that file's headings, and `security.md §N`
 * one of its items. A renamed file or a reworded heading fails here instead of leaving a dead
 * pointer behind.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((path) => path && existsSync(join(root, path)));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const TEXT_FILE = /\.(ts|tsx|js|mjs|css|html|md|json|yaml|yml)$/;
const textFiles = tracked.filter((path) => TEXT_FILE.test(path) && path !== 'package-lock.json');
const markdownFiles = tracked.filter((path) => path.endsWith('.md'));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slugOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchorsOf = (markdownPath: string): Set<string> => {
  const anchors = new Set<string>();
  let inFence = false;
  for (const line of read(markdownPath).split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (inFence || !heading?.[1]) continue;
    const slug = slugOf(heading[1]);
    let unique = slug;
    for (let n = 1; anchors.has(unique); n += 1) unique = `${slug}-${n}`;
    anchors.add(unique);
  }
  return anchors;
};

/** The markdown file a citation means: relative to the citing file, else the one file so named. */
const resolveMarkdown = (citingFile: string, cited: string): string | undefined => {
  const relative = normalize(join(dirname(citingFile), cited));
  if (markdownFiles.includes(relative)) return relative;
  const named = markdownFiles.filter((path) => path === cited || path.endsWith(`/${cited}`));
  return named.length === 1 ? named[0] : undefined;
};

// A path not preceded by a letter, slash or colon, so that URLs are left alone.
const CITED_ANCHOR = /(?<![\w/.:-])((?:[\w.-]+\/)*[\w.-]+\.md)#([\w-]+)/g;
const OWN_ANCHOR = /\]\(#([\w-]+)\)/g;

const anchorCitations = () =>
  textFiles.flatMap((file) => {
    const text = read(file);
    const cited = [...text.matchAll(CITED_ANCHOR)].map(([, path = '', anchor = '']) => ({
      file,
      target: resolveMarkdown(file, path) ?? path,
      anchor,
    }));
    const own = file.endsWith('.md')
      ? [...text.matchAll(OWN_ANCHOR)].map(([, anchor = '']) => ({ file, target: file, anchor }))
      : [];
    return [...cited, ...own];
  });

describe('anchors into the docs', () => {
  it('name an existing heading', () => {
    const citations = anchorCitations();
    expect(citations.length).toBeGreaterThan(200);
    const broken = citations
      .filter(
        ({ target, anchor }) => !markdownFiles.includes(target) || !anchorsOf(target).has(anchor),
      )
      .map(({ file, target, anchor }) => `${file}: ${target}#${anchor}`);
    expect(broken).toEqual([]);
  });

  it('replace section numbers, which silently point elsewhere when a section moves', () => {
    const numbered = textFiles.filter((file) =>
      /(product|conventions)\.md(\]\([^)]*\))?\s*§/.test(read(file)),
    );
    expect(numbered).toEqual([]);
  });

  it('security.md is cited by item number, and every cited item exists', () => {
    const items = new Set(
      [...read('docs/security.md').matchAll(/^\| *(\d+) *\|/gm)].map(([, n]) => Number(n)),
    );
    const missing = textFiles.flatMap((file) =>
      [...read(file).matchAll(/security\.md((?:,? *(?:and )?§\d+)+)/g)].flatMap(
        ([, sections = '']) =>
          [...sections.matchAll(/§(\d+)/g)]
            .map(([, n]) => Number(n))
            .filter((n) => !items.has(n))
            .map((n) => `${file}: security.md §${n}`),
      ),
    );
    expect(missing).toEqual([]);
  });
});

/*
 * Paths in backticks: a doc may give them from the repository's root, from its own folder, or
 * from the source folder it is about (security.md's paths are relative to apps/server/src/).
 */
const SOURCE_ROOTS = ['apps/server/src', 'apps/server', 'apps/web/src', 'apps/web', 'packages'];
/** A file name with its extension, or a folder with its closing slash. */
const PATH_LIKE =
  /`((?:[\w@.-]+\/)*[\w@-][\w@.-]*\.(?:ts|tsx|mjs|js|md|json|yaml|yml|sql|pdf|png)|(?:[\w@.-]+\/)+)`/g;
/**
 * Not files of the repository: built or local ones, paths on the deployed machine, the server's
 * compiled entries (build.mjs), files inside an account export, and files of the third-party
 * corpus beside the repository (`../shared/corpus`, test-fixtures/README.md).
 */
const NOT_IN_REPOSITORY = [
  /(^|\/)(dist|node_modules|\.runtime|data)(\/|$)|^\.\.\/|^(etc|var|usr|tmp)\//,
  /^(\.\/)?(server|voucher-cli|platen-cli|pdf-worker-entry|svg-render-process)\.mjs$/,
  /^(account\.json|profile-picture\.png)$/,
  // The third-party corpus names its files in snake_case; ours are in kebab-case.
  /^[^_/]+_[\w-]*\.(?:pdf|png)$/,
];
/** Where a doc names files of other repositories: the sources of the committed forms. */
const ABOUT_OTHER_REPOSITORIES = ['test-fixtures/gov-forms/README.md'];

const exists = (doc: string, path: string) => {
  const clean = path.replace(/\/$/, '');
  const bases = ['', dirname(doc), ...SOURCE_ROOTS];
  if (bases.some((base) => existsSync(join(root, base, clean)))) return true;
  // A path given from its module or feature folder (`lifecycle/decide.ts`), or a bare file name.
  return tracked.some((file) => file.endsWith(`/${clean}`) || file.includes(`/${clean}/`));
};

describe('paths the docs name', () => {
  const docs = markdownFiles.filter(
    (path) =>
      (path.startsWith('docs/') || path.endsWith('README.md')) &&
      !ABOUT_OTHER_REPOSITORIES.includes(path),
  );

  it.each(docs)('%s names files that exist', (doc) => {
    const missing = [...read(doc).matchAll(PATH_LIKE)]
      .map(([, path = '']) => path)
      .filter((path) => !NOT_IN_REPOSITORY.some((pattern) => pattern.test(path)))
      // An npm package's name (`ipaddr.js`).
      .filter((path) => !existsSync(join(root, 'node_modules', path)))
      .filter((path) => !exists(doc, path));
    expect([...new Set(missing)]).toEqual([]);
  });
});
