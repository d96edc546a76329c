import { describe, expect, it } from 'vitest';
import { initials, initialsPicture, pictureSource } from './initials-picture.ts';

const svgOf = (dataUrl: string) => decodeURIComponent(dataUrl.split(',')[1] ?? '');

describe('initials', () => {
  it('takes the first letter of each name, in upper case', () => {
    expect(initials('ada', 'lovelace')).toBe('AL');
    expect(initials('  élodie', 'Ñúñez')).toBe('ÉÑ');
    expect(initials('Ada', '')).toBe('A');
  });
});

describe('initialsPicture', () => {
  it('is a grey 100 × 100 SVG with the two initials', () => {
    const url = initialsPicture('grace', 'hopper');
    expect(url.startsWith('data:image/svg+xml')).toBe(true);
    const svg = svgOf(url);
    expect(svg).toContain('width="100" height="100"');
    expect(svg).toContain('fill="#868e96"');
    expect(svg).toContain('>GH</text>');
  });

  it('escapes markup in names', () => {
    expect(svgOf(initialsPicture('<script>', 'x'))).toContain('>&#60;X</text>');
  });
});

describe('pictureSource', () => {
  it('uses the stored PNG, or the initials picture when there is none', () => {
    expect(pictureSource({ profilePic: 'iVBOR', firstName: 'A', lastName: 'B' })).toBe(
      'data:image/png;base64,iVBOR',
    );
    expect(pictureSource({ profilePic: '', firstName: 'A', lastName: 'B' })).toBe(
      initialsPicture('A', 'B'),
    );
  });
});
