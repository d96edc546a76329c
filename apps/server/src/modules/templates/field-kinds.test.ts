import type { FieldType as ContractFieldType } from '@platen/contract';
import type { FieldType as EngineFieldType } from '@platen/pdf-engine';
import { describe, expectTypeOf, it } from 'vitest';

/**
 * The engine fills the field kinds the API accepts, no more and no fewer: each package spells the
 * union for itself (the engine knows nothing of the API), and a drift fails the type check.
 */
describe('field kinds', () => {
  it('are the same for the API and the engine', () => {
    expectTypeOf<EngineFieldType>().toEqualTypeOf<ContractFieldType>();
  });
});
