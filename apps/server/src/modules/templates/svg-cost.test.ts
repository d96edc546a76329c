import { describe, expect, it } from 'vitest';
import {
  heaviestAcceptedSvg,
  logoSvg,
  oversizedSvg,
  turbulenceSvg,
  useBombSvg,
} from '../../../test/hostile-svg.ts';
import { inspectStampPicture } from './stamp-picture.ts';
import {
  MAX_SVG_BYTES,
  MAX_SVG_COST,
  MAX_SVG_RENDER_PIXELS,
  MAX_SVG_WORK,
  svgDrawingCost,
  svgRenderPixels,
  svgWork,
} from './svg-cost.ts';

const TOO_COMPLEX =
  'This SVG stamp is too complex to draw: it repeats or layers too many shapes. ' +
  'Please simplify it or upload it as a PNG.';
const NO_FILTERS =
  'SVG stamps cannot use filters, patterns, markers or embedded pictures. ' +
  'Please upload this stamp as a PNG.';

const svg = (body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">${body}</svg>`,
  );
const costOf = (body: string) => svgDrawingCost(svg(body));
const dataUri = (bytes: Buffer) => `data:image/svg+xml;base64,${bytes.toString('base64')}`;

describe('svgDrawingCost', () => {
  it('accepts a logo as drawing programs export it, at a small cost', () => {
    expect(svgDrawingCost(logoSvg())).toBeLessThan(MAX_SVG_COST / 10);
  });

  it('counts a CJK glyph as an outline of many curves, and still takes a name seal', () => {
    expect(costOf('<text>山田太郎</text>') - costOf('<text>Yama</text>')).toBe(4 * 29);
    expect(costOf('<text>山田太郎</text>')).toBeLessThan(MAX_SVG_COST / 10);
  });

  it('counts every element a <use> draws, through nested uses', () => {
    const group = `<g id="a">${'<circle r="1"/>'.repeat(5)}</g>`;
    // defs, group and its 5 circles, 3 uses each drawing the group again (6 elements)
    expect(costOf(`<defs>${group}</defs>${'<use href="#a"/>'.repeat(3)}`)).toBe(
      1 + 1 + 6 + 3 * (1 + 6),
    );
  });

  it('refuses the nested <use> bomb (50 circles used 10×, 10×, 5×) before drawing it', () => {
    expect(useBombSvg().length).toBeLessThan(3500);
    expect(() => svgDrawingCost(useBombSvg())).toThrow(TOO_COMPLEX);
  });

  it('refuses a 229-byte feTurbulence filter', () => {
    expect(turbulenceSvg().length).toBe(229);
    expect(() => svgDrawingCost(turbulenceSvg())).toThrow(NO_FILTERS);
  });

  it.each([
    ['a filter set in a style attribute', '<rect style="filter: blur(4px)"/>', NO_FILTERS],
    ['a CSS filter in a style sheet', '<style>rect { filter: blur(4px) }</style>', NO_FILTERS],
    [
      'a CSS filter split by CDATA',
      '<style>rect { fil<![CDATA[ter: blur(4px) }]]></style>',
      NO_FILTERS,
    ],
    ['a CSS filter behind a comment', '<style>rect { filter/**/: blur(4px) }</style>', NO_FILTERS],
    [
      'a CSS property spelled with an escape',
      '<rect style="f\\69lter: blur(4px)"/>',
      'SVG stamps cannot use escapes in CSS. Please upload this stamp as a PNG.',
    ],
    [
      'markup inside a style sheet',
      '<style>rect { fil<g/>ter: blur(4px) }</style>',
      'SVG stamps cannot use elements inside a style sheet. Please upload this stamp as a PNG.',
    ],
    ['a pattern', '<pattern id="p"><rect/></pattern>', NO_FILTERS],
    ['a marker', '<marker id="m"><rect/></marker>', NO_FILTERS],
    ['an embedded picture', '<image href="data:image/png;base64,AAAA"/>', NO_FILTERS],
    [
      'a blend mode',
      '<rect mix-blend-mode="multiply"/>',
      'SVG stamps cannot use blend modes. Please upload this stamp as a PNG.',
    ],
    [
      'dashed lines',
      '<circle r="40" stroke="#000" stroke-dasharray="0.003"/>',
      'SVG stamps cannot use dashed lines. Please upload this stamp as a PNG.',
    ],
    [
      'dashed lines inherited from a style sheet',
      '<style>g { stroke-dasharray: 0.003 }</style><g><circle r="40"/></g>',
      'SVG stamps cannot use dashed lines. Please upload this stamp as a PNG.',
    ],
    [
      'an outline of 20,000 lines',
      `<path d="M0 0${' L100 0 L0 100'.repeat(10_000)}"/>`,
      TOO_COMPLEX,
    ],
    [
      'a link to another file',
      '<use xlink:href="other.svg#a"/>',
      'SVG stamps cannot use links to other files. Please upload this stamp as a PNG.',
    ],
    [
      'a style sheet import',
      '<style>@import url(data:text/css,rect{});</style>',
      'SVG stamps cannot use links to other files. Please upload this stamp as a PNG.',
    ],
    [
      'a mask given to every shape by a style sheet',
      '<mask id="m"><rect/></mask><style>rect { mask: url(#m) }</style>',
      'SVG stamps cannot use masks or clip paths set from a style sheet. Please upload this stamp as a PNG.',
    ],
    [
      'a reference cycle',
      '<g id="a"><use href="#a"/></g>',
      'This SVG stamp refers to itself and cannot be drawn.',
    ],
    [
      'masks past the budget',
      `<mask id="m"><rect/></mask>${'<rect mask="url(#m)"/>'.repeat(150)}`,
      TOO_COMPLEX,
    ],
    ['layers past the budget', '<rect opacity="0.5"/>'.repeat(500), TOO_COMPLEX],
    ['text past the budget', `<text>${'x'.repeat(MAX_SVG_COST)}</text>`, TOO_COMPLEX],
    [
      '1,000 CJK characters at 3,000 px, which took librsvg 35 s',
      `<text font-size="3000">${'漢字'.repeat(500)}</text>`,
      TOO_COMPLEX,
    ],
    ['nesting past any drawing program', `${'<g>'.repeat(300)}${'</g>'.repeat(300)}`, TOO_COMPLEX],
  ])('refuses %s', (_, body, message) => {
    expect(() => costOf(body)).toThrow(message);
  });

  it.each([
    ['unquoted', 'url(#m)'],
    ['in double quotes, spaced', 'url( "#m" )'],
    ['in single quotes, upper case', "URL('#m')"],
  ])('counts a mask referenced %s', (_, reference) => {
    const mask = '<mask id="m"><rect/></mask>';
    expect(costOf(`${mask}<rect mask="${reference.replaceAll('"', '&quot;')}"/>`)).toBe(
      costOf(`${mask}<rect mask="url(#m)"/>`),
    );
  });

  it.each([
    ['unquoted', 'url(other.svg#m)'],
    ['quoted, with a parenthesis inside', 'url("other(1).svg#m")'],
  ])('refuses a link to another file %s', (_, reference) => {
    expect(() => costOf(`<rect fill="${reference.replaceAll('"', '&quot;')}"/>`)).toThrow(
      'SVG stamps cannot use links to other files. Please upload this stamp as a PNG.',
    );
  });

  it('reads a url( that never closes, followed by 100,000 spaces, as no reference', () => {
    expect(costOf(`<rect fill="url(${' '.repeat(100_000)}x"/>`)).toBe(costOf('<rect/>'));
  });

  it('refuses a style sheet loaded by an xml-stylesheet instruction', () => {
    const linked = Buffer.from(
      '<?xml-stylesheet type="text/css" href="data:text/css,rect{filter:blur(4px)}"?><svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    expect(() => svgDrawingCost(linked)).toThrow(
      'SVG stamps cannot use links to other files. Please upload this stamp as a PNG.',
    );
  });

  it('refuses entity declarations (the billion laughs)', () => {
    const laughs = Buffer.from(
      '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>',
    );
    expect(() => svgDrawingCost(laughs)).toThrow(
      'SVG stamps cannot use entity declarations (<!ENTITY>). Please upload this stamp as a PNG.',
    );
  });

  it('refuses markup that is not well-formed, and files past the size limit', () => {
    expect(() => svgDrawingCost(Buffer.from('<svg><g></svg>'))).toThrow(
      'This SVG stamp is not well-formed XML and cannot be read.',
    );
    const big = svg(`<desc>${'x'.repeat(MAX_SVG_BYTES)}</desc>`);
    expect(() => svgDrawingCost(big)).toThrow('This SVG stamp is larger than 512 KB.');
  });
});

describe('svgRenderPixels', () => {
  it('renders simple drawings at the full stamp size and complex ones smaller, within the work budget', () => {
    expect(svgRenderPixels(10)).toBe(MAX_SVG_RENDER_PIXELS);
    expect(svgRenderPixels(4000)).toBeLessThan(MAX_SVG_RENDER_PIXELS);
    for (const cost of [10, 1000, 1600, 3000, MAX_SVG_COST]) {
      expect(svgWork(cost, svgRenderPixels(cost))).toBeLessThanOrEqual(MAX_SVG_WORK + 1);
    }
  });
});

describe('inspectStampPicture of an SVG', () => {
  it('plans the render from the declared size, before any pixel is drawn', async () => {
    const logo = await inspectStampPicture(dataUri(logoSvg()));
    // 120 mm × 40 mm at 300 dpi: 1417 × 472 px
    expect(logo.pixels / (1417 * 472)).toBeCloseTo(1, 1);
    const heaviest = await inspectStampPicture(dataUri(heaviestAcceptedSvg()));
    expect(heaviest.pixels).toBeLessThanOrEqual(MAX_SVG_RENDER_PIXELS);
  });

  it('refuses a declared size too large to draw at any density', async () => {
    await expect(inspectStampPicture(dataUri(oversizedSvg()))).rejects.toThrow(
      'This SVG stamp declares a size of 20000000 × 20000000 px, too large to draw. ' +
        'Please set its width and height to its real size.',
    );
  });

  it('refuses an SVG librsvg would read unpacked from gzip, unchecked', async () => {
    const { gzipSync } = await import('node:zlib');
    await expect(inspectStampPicture(dataUri(gzipSync(useBombSvg())))).rejects.toThrow(
      'Compressed SVG (.svgz) is not accepted. Please upload an SVG.',
    );
  });
});
