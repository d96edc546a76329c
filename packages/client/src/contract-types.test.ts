import type {
  GenerateDocumentBody,
  TemplateInputBody,
  TemplateListResponse,
  TemplateResponse,
} from '@platen/contract';
import { describe, expectTypeOf, it } from 'vitest';
import type { FieldValues } from './types.ts';
import type { FieldInput, Template, TemplateList } from './types.ts';

/**
 * The client's own spelling of the API's shapes must stay true to the contract: what it sends
 * must be accepted by the server, and what the server answers must fit what it promises. A drift
 * fails the type check (`npm run typecheck`, `npm run check`).
 */
describe('the client types', () => {
  it('send what the server accepts', () => {
    expectTypeOf<FieldInput>().toExtend<TemplateInputBody>();
    expectTypeOf<FieldValues>().toExtend<NonNullable<GenerateDocumentBody['fields']>>();
  });

  it('promise what the server answers', () => {
    expectTypeOf<TemplateResponse>().toExtend<Template>();
    expectTypeOf<TemplateListResponse>().toExtend<TemplateList>();
  });
});
