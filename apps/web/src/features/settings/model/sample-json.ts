/** The payload the Settings screen shows in the chosen editor theme. */
export const SAMPLE_JSON = JSON.stringify(
  {
    templateName: 'Invoice',
    fields: {
      customerName: 'Ada Lovelace',
      invoiceNumber: 'INV-2025-0042',
      issuedOn: '2025-03-14',
      total: 1280.5,
      paid: true,
      lines: ['Design review', 'Template setup'],
    },
  },
  null,
  2,
);
