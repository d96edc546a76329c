import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildAfresh, corpusBytes, corpusPath, generatedNames } from './corpus.ts';
import { hasPoppler, hasQpdf } from './command-line-tools.ts';

/*
 * The generators themselves: a build repeats, and each hostile file is hostile in the way the
 * tests that use it assume, as independent tools (qpdf, poppler, sharp) read it.
 */

const qpdfCheck = async (name: Parameters<typeof corpusPath>[0]) =>
  spawnSync('qpdf', ['--check', await corpusPath(name)], { encoding: 'utf8' }).status;
const pdfinfo = async (name: Parameters<typeof corpusPath>[0]) =>
  spawnSync('pdfinfo', [await corpusPath(name)], { encoding: 'utf8' });

describe('the generated corpus', () => {
  // Encryption draws random salts and keys (pdf-lib's `enc-…`, qpdf's `form-enc-…`), so those
  // files differ on every build.
  it.each(generatedNames.filter((name) => !/^(form-)?enc-/.test(name)))(
    '%s repeats byte for byte',
    { timeout: 60_000 },
    async (name) => {
      const fresh = Buffer.from(await buildAfresh(name));
      expect(fresh.equals(Buffer.from(await corpusBytes(name)))).toBe(true);
    },
  );

  it.runIf(hasQpdf)(
    'breaks the structure only of the files meant to be broken (qpdf)',
    async () => {
      for (const name of ['two-pages-second-turned.pdf', 'form-every-field-family.pdf'] as const) {
        expect(await qpdfCheck(name), name).toBe(0);
      }
      for (const name of [
        'page-tree-loop.pdf',
        'page-tree-deep-loop-no-page.pdf',
        'trailer-missing.pdf',
        'root-missing.pdf',
        'object-stream-self-reference.pdf',
        'flate-stream-damaged.pdf',
      ] as const) {
        expect(await qpdfCheck(name), name).toBe(2); // errors
      }
      for (const name of [
        'xref-keyword-missing.pdf',
        'xref-prev-loop.pdf',
        'xref-table-stray-text.pdf',
      ] as const) {
        expect(await qpdfCheck(name), name).toBe(3); // repaired, with warnings
      }
    },
  );

  it.runIf(hasPoppler)(
    'encrypts, lies about the page count and hides a bomb (poppler)',
    async () => {
      expect((await pdfinfo('enc-aes256-empty-user-password.pdf')).stdout).toMatch(
        /Encrypted:\s+yes.*AES-256/,
      );
      for (const name of [
        'enc-aes256-user-password.pdf',
        'enc-rc4-40-user-password.pdf',
      ] as const) {
        expect((await pdfinfo(name)).stderr, name).toMatch(/Incorrect password/);
      }
      expect((await pdfinfo('page-count-lie.pdf')).stderr).toMatch(/Invalid page count/);
      const bomb = await corpusBytes('flate-bomb-1gib.pdf');
      expect(bomb.length).toBeLessThan(4096);
      expect(Buffer.from(bomb).toString('latin1')).toContain('/Filter [/FlateDecode /FlateDecode]');
    },
  );

  it('floods pixels and carries the metadata an upload must strip (sharp)', async () => {
    const sharp = (await import('sharp')).default;
    const size = async (name: Parameters<typeof corpusPath>[0]) => {
      const { width, height } = await sharp(await corpusBytes(name), {
        limitInputPixels: false, // reads the header only
      }).metadata();
      return [width, height];
    };
    expect(await size('png-pixel-flood-50000px.png')).toEqual([50_000, 50_000]);
    expect(await size('jpeg-pixel-flood-64250px.jpg')).toEqual([64_250, 64_250]);
    const cmyk = await sharp(await corpusBytes('photo-cmyk-exif-camera.jpg')).metadata();
    expect(cmyk.space).toBe('cmyk');
    expect(cmyk.exif?.toString('latin1')).toContain('Canon EOS 300D');
    const text = Buffer.from(await corpusBytes('png-text-profile-etc-passwd.png'));
    expect(text.toString('latin1')).toContain('tEXtprofile\0/etc/passwd');
    const svg = Buffer.from(await corpusBytes('svg-script-onload-foreignobject.svg'));
    for (const part of ['onload=', '<script', '<foreignObject', 'javascript:']) {
      expect(svg.toString('utf8')).toContain(part);
    }
  });
});
