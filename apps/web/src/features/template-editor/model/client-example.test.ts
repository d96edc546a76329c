import { describe, expect, it } from 'vitest';
import { clientExample } from './client-example.ts';

describe('the Node.js example of the Api tab', () => {
  it('calls generate with the template and its example payload, the key from the environment', () => {
    const example = clientExample({
      baseUrl: 'https://platen.example',
      templateName: 'Invoice 2026',
      fields: { Customer: 'Jane Doe', Total: 12.5 },
    });
    expect(example).toContain('baseUrl: "https://platen.example"');
    expect(example).toContain('apiKey: process.env.PLATEN_API_KEY');
    expect(example).toContain('platen.generate("Invoice 2026", {\n    "Customer": "Jane Doe",');
    expect(example).toContain('await writeFile("Invoice-2026.pdf", pdf);');
  });

  it('quotes names that would break the code', () => {
    const example = clientExample({
      baseUrl: 'https://x',
      templateName: 'A "quoted" name',
      fields: {},
    });
    expect(example).toContain('platen.generate("A \\"quoted\\" name", {});');
  });
});
