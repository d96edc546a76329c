/** SVG stamps of the kinds an attacker sends, and a plain logo that must still be accepted. */

const SVG_OPEN =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';

const uses = (id: string, times: number) => `<use xlink:href="#${id}"/>`.repeat(times);

/** A group of 50 circles, used 10×, that used 10×, that used 5×: 25,000 circles from 3 KB. */
export const useBombSvg = () => {
  const circles = Array.from(
    { length: 50 },
    (_, i) => `<circle cx="${i * 8}" cy="${i * 8}" r="200" fill-opacity="0.5"/>`,
  ).join('');
  return Buffer.from(
    `${SVG_OPEN} width="400" height="400"><defs><g id="a">${circles}</g>` +
      `<g id="b">${uses('a', 10)}</g><g id="c">${uses('b', 10)}</g></defs>${uses('c', 5)}</svg>`,
  );
};

/** 229 bytes of noise: seconds of one core at the largest stamp size. */
export const turbulenceSvg = () =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"><filter id="f">' +
      '<feTurbulence baseFrequency=".01" numOctaves="10" stitchTiles="stitch" seed="9"/></filter>' +
      '<rect width="100%" height="100%" filter="url(#f)"/></svg>',
  );

/** A stamp that claims to be 20 km wide. */
export const oversizedSvg = () =>
  Buffer.from(
    `${SVG_OPEN} width="20000000" height="20000000"><rect width="10" height="10"/></svg>`,
  );

/**
 * The most expensive SVG the limits let through: 1590 canvas-filling shapes, drawn at the
 * largest stamp size (over a second of one core).
 */
export const heaviestAcceptedSvg = () =>
  Buffer.from(
    `${SVG_OPEN} width="2000" height="2000" viewBox="0 0 100 100">` +
      '<rect width="100" height="100" fill="#c00" fill-opacity="0.5"/>'.repeat(1590) +
      '</svg>',
  );

/** What a drawing program exports for a logo: a doctype, a style sheet, gradients, clip, text. */
export const logoSvg = () =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
${SVG_OPEN} width="120mm" height="40mm" viewBox="0 0 120 40">
  <style>.st0{fill:url(#brand)}.st1{opacity:0.8}</style>
  <defs>
    <linearGradient id="brand"><stop offset="0" stop-color="#c00"/><stop offset="1" stop-color="#00c"/></linearGradient>
    <clipPath id="round"><rect width="120" height="40" rx="6"/></clipPath>
    <symbol id="star" viewBox="0 0 10 10"><path d="M5 0 6.5 3.5 10 4 7.5 6.5 8 10 5 8.5 2 10 2.5 6.5 0 4 3.5 3.5z"/></symbol>
  </defs>
  <g clip-path="url(#round)">
    <rect class="st0" width="120" height="40"/>
    <use xlink:href="#star" x="6" y="10" width="20" height="20" fill="#fff"/>
    <use xlink:href="#star" x="94" y="10" width="20" height="20" fill="#fff"/>
    <text class="st1" x="60" y="26" font-size="12" text-anchor="middle" fill="#fff">ACME Corp</text>
  </g>
</svg>`);
