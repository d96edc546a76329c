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

  it('keeps a danda in the face of the Indic text it ends', async () => {
    const shaper = new Shaper();
    const shaped = await shaper.shapeValue('ਪੰਜਾਬ।', 'helvetica');
    expect(shaped.items.map((item) => item.face.name)).toEqual(['noto-gurmukhi']);
  });
});
