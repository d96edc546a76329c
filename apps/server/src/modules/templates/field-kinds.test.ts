import { symbologyData, type FieldType as ContractFieldType } from '@platen/contract';
import { barcodeSymbologyRules, type FieldType as EngineFieldType } from '@platen/pdf-engine';
import { describe, expect, expectTypeOf, it } from 'vitest';

/**
 * The engine fills the field kinds the API accepts, no more and no fewer: each package spells the
 * union for itself (the engine knows nothing of the API), and a drift fails the type check.
 */
describe('field kinds', () => {
  it('are the same for the API and the engine', () => {
    expectTypeOf<EngineFieldType>().toEqualTypeOf<ContractFieldType>();
  });

  // The editor's barcode preview keeps the contract's quiet zones, a generate the engine's.
  it('keep the same quiet zone per symbology in the API and the engine', () => {
    const quiet = (rules: Record<string, { quietModules: number }>) =>
      Object.fromEntries(Object.entries(rules).map(([name, r]) => [name, r.quietModules]));
    expect(quiet(symbologyData)).toEqual(quiet(barcodeSymbologyRules));
  });
});
