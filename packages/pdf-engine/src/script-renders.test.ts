import { beforeAll, describe, expect, it } from 'vitest';
import { createFillEngine } from './fill-engine.ts';
import {
  makeScriptsTemplate,
  SCRIPT_SAMPLES,
  scriptFields,
  scriptValues,
} from '../test/all-scripts.ts';
import { inkDifference, referenceRender, renderBox } from '../test/script-renders.ts';
import { hasPoppler } from '../../../test-fixtures/command-line-tools.ts';

/**
 * More than this share of differing ink is another picture. Measured: 0 for the same poppler;
 * Traditional Chinese set in the Simplified face instead of its own, 0.033; Japanese in the
 * Simplified face, 0.027; another script, over 0.5.
 */
const MOST_DIFFERENCE = 0.02;

let renders: Map<string, Buffer>;
beforeAll(async () => {
  if (!hasPoppler) return;
  const { pdf } = await createFillEngine().fill(
    await makeScriptsTemplate(),
    scriptFields(),
    scriptValues(),
  );
  renders = new Map(scriptFields().map((f) => [f.label, renderBox(pdf, f)]));
});

describe.runIf(hasPoppler)('fill: every script looks as it did', () => {
  it.each(Object.keys(SCRIPT_SAMPLES))('%s', async (label) => {
    const render = renders.get(label)!;
    const reference = referenceRender(label, render);
    expect(reference, `no reference for ${label}: UPDATE_SCRIPT_RENDERS=1`).toBeDefined();
    expect(await inkDifference(render, reference!)).toBeLessThan(MOST_DIFFERENCE);
  });

  it('tells one script from another', async () => {
    const bengali = referenceRender('Bengali', renders.get('Bengali')!)!;
    expect(await inkDifference(renders.get('Tamil')!, bengali)).toBeGreaterThan(0.5);
  });
});
