import { describe, expect, it } from 'vitest';
import { generateDocumentBody } from './documents.ts';
import { languageTagSchema, templateInputBody } from './template-fields.ts';

describe('a language tag', () => {
  it('is kept in its canonical BCP 47 spelling', () => {
    expect(languageTagSchema.parse('ZH-hant')).toBe('zh-Hant');
    expect(languageTagSchema.parse('zh-tw')).toBe('zh-TW');
    expect(languageTagSchema.parse('ja')).toBe('ja');
    expect(languageTagSchema.parse('sr-Latn-RS')).toBe('sr-Latn-RS');
  });

  it('refuses what is not a tag, with one message', () => {
    for (const bad of ['', 'no tag!', 'zh_Hant', 'x'.repeat(40)]) {
      const result = languageTagSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message, bad).toBe(
        'A language must be a BCP 47 tag, such as zh-Hant, ja, ko or ar.',
      );
    }
  });

  it('is taken by a field and by generate', () => {
    const field = templateInputBody.parse({
      label: 'Address',
      fieldType: 'text',
      page: 1,
      rectX: 1,
      rectY: 1,
      rectWidth: 10,
      rectHeight: 10,
      language: 'ko-kr',
    });
    expect(field.language).toBe('ko-KR');
    const body = generateDocumentBody.parse({ templateName: 'T', language: 'zh-hans' });
    expect(body.language).toBe('zh-Hans');
  });
});
