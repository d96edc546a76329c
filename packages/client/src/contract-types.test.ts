import type {
  CreateBatchBody,
  CreateWebhookEndpointBody,
  FieldType as ContractFieldType,
  GenerateDocumentBody,
  Job as ContractJob,
  PublishTemplateBody,
  TemplateVersionDetail,
  TemplateVersionSummary as ContractVersionSummary,
  WebhookDelivery as ContractDelivery,
  WebhookEndpointWithSecret as ContractEndpointWithSecret,
  WebhookEvent as ContractEvent,
  TemplateInputBody,
  TemplateListResponse,
  TemplateResponse,
} from '@platen/contract';
import { describe, expectTypeOf, it } from 'vitest';
import type { GenerateOptions } from './client.ts';
import type { FieldInput, FieldType, FieldValues, Template, TemplateList } from './types.ts';
import type {
  BatchInput,
  Job,
  PublishOptions,
  TemplateVersion,
  TemplateVersionSummary,
  WebhookDelivery,
  WebhookEndpointInput,
  WebhookEndpointWithSecret,
  WebhookEvent,
} from './types-management.ts';

/**
 * The client's own spelling of the API's shapes must stay true to the contract: what it sends
 * must be accepted by the server, and what the server answers must fit what it promises. A drift
 * fails the type check (`npm run typecheck`, `npm run check`).
 */
describe('the client types', () => {
  it('send what the server accepts', () => {
    expectTypeOf<FieldInput>().toExtend<TemplateInputBody>();
    expectTypeOf<FieldValues>().toExtend<NonNullable<GenerateDocumentBody['fields']>>();
    expectTypeOf<Omit<GenerateOptions, 'idempotencyKey' | 'signal'>>().toExtend<
      Partial<GenerateDocumentBody>
    >();
    expectTypeOf<BatchInput>().toExtend<CreateBatchBody>();
    expectTypeOf<PublishOptions>().toExtend<PublishTemplateBody>();
    expectTypeOf<WebhookEndpointInput>().toExtend<CreateWebhookEndpointBody>();
  });

  it('promise what the server answers', () => {
    expectTypeOf<TemplateResponse>().toExtend<Template>();
    expectTypeOf<TemplateListResponse>().toExtend<TemplateList>();
    expectTypeOf<ContractJob>().toExtend<Job>();
    expectTypeOf<ContractVersionSummary>().toExtend<TemplateVersionSummary>();
    expectTypeOf<TemplateVersionDetail>().toExtend<TemplateVersion>();
    expectTypeOf<ContractEndpointWithSecret>().toExtend<WebhookEndpointWithSecret>();
    expectTypeOf<ContractDelivery>().toExtend<WebhookDelivery>();
    expectTypeOf<ContractEvent>().toExtend<WebhookEvent>();
  });

  it('name the same field kinds', () => {
    expectTypeOf<FieldType>().toEqualTypeOf<ContractFieldType>();
  });
});
