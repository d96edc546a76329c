import { describe, expect, it } from 'vitest';
import { Shaper } from './shape-text.ts';

describe('faces: loaded when a value needs them', () => {
  it('reads only the family’s face and the face of the value’s script', async () => {
    const shaper = new Shaper();
    await shaper.shapeValue('Ωmega', 'helvetica');
    expect(shaper.faces.loaded()).toEqual(['arimo']);
    const bengali = await shaper.shapeValue('রবীন্দ্রনাথ ঠাকুর।', 'helvetica');
    expect(bengali.missing).toEqual([]);
    expect(shaper.faces.loaded()).toEqual(['arimo', 'noto-bengali']);
    await shaper.shapeValue('ភ្នំពេញ ၁၂၃ ሰላም', 'timesnewroman');
    expect(shaper.faces.loaded()).toEqual([
      'arimo',
      'noto-bengali',
      'tinos',
      'noto-khmer',
      'noto-myanmar',
      'noto-ethiopic',
    ]);
  });

  it('reads the colour emoji face only for a value shown as emoji', async () => {
    const shaper = new Shaper();
    await shaper.shapeValue('© 2026 ❤ ★', 'helvetica'); // text presentation: no emoji
    expect(shaper.faces.loaded()).not.toContain('twemoji');
    const smile = await shaper.shapeValue('Hi 😀', 'helvetica');
    expect(smile.items.map((item) => item.face.name)).toEqual(['arimo', 'twemoji']);
    const heart = await shaper.shapeValue('❤️ ❤', 'helvetica'); // VS16 asks for the emoji
    expect(heart.items.map((item) => item.face.name)).toEqual(['twemoji', 'arimo', 'dejavu']);
  });

  it('keeps a danda in the face of the Indic text it ends', async () => {
    const shaper = new Shaper();
    const shaped = await shaper.shapeValue('ਪੰਜਾਬ।', 'helvetica');
    expect(shaped.items.map((item) => item.face.name)).toEqual(['noto-gurmukhi']);
  });
});

describe('faces: the Han face follows the field’s language', () => {
  const faceOf = async (text: string, language?: string) => {
    const shaped = await new Shaper().shapeValue(text, 'helvetica', language);
    return [...new Set(shaped.items.map((item) => item.face.name))];
  };

  it('takes the face of the language’s script, a region implying it', async () => {
    const value = '臺北市信義區，電話';
    expect(await faceOf(value)).toEqual(['noto-sc']);
    expect(await faceOf(value, 'zh-Hant')).toEqual(['noto-tc']);
    expect(await faceOf(value, 'zh-TW')).toEqual(['noto-tc']);
    expect(await faceOf(value, 'zh-HK')).toEqual(['noto-tc']);
    expect(await faceOf(value, 'zh-Hans')).toEqual(['noto-sc']);
    expect(await faceOf(value, 'zh')).toEqual(['noto-sc']);
    expect(await faceOf(value, 'ja')).toEqual(['noto-jp']);
    expect(await faceOf(value, 'ko-KR')).toEqual(['noto-kr']);
  });

  it('leaves the text to decide without a language, or with one that writes no Han', async () => {
    expect(await faceOf('東京の渋谷区')).toEqual(['noto-jp']);
    expect(await faceOf('大韓民國 서울')).toEqual(['noto-kr']);
    expect(await faceOf('東京の渋谷区', 'ar')).toEqual(['noto-jp']);
    expect(await faceOf('東京の渋谷区', 'not a tag')).toEqual(['noto-jp']);
    // The language wins over the text: Han in a field marked Traditional Chinese is Traditional
    // even beside kana (which that face lacks, so kana fall back to the next CJK face).
    expect((await faceOf('東京の渋谷区', 'zh-Hant'))[0]).toBe('noto-tc');
  });

  it('shapes with the language: a face’s own forms for Marathi and Serbian', async () => {
    const glyphs = async (text: string, language?: string) =>
      (await new Shaper().shapeValue(text, 'helvetica', language)).items.flatMap((item) =>
        item.glyphs.map((g) => g.gid),
      );
    // ल and श take their Marathi shapes in Noto Sans Devanagari; б its Serbian one in Arimo.
    expect(await glyphs('लश', 'mr')).not.toEqual(await glyphs('लश', 'hi'));
    expect(await glyphs('लश')).toEqual(await glyphs('लश', 'hi'));
    expect(await glyphs('бог', 'sr')).not.toEqual(await glyphs('бог', 'ru'));
  });
});
