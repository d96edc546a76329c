/**
 * A form labelled the way tax forms are: LiveCycle-style names that say nothing
 * (`topmostSubform[0].Page1[0].f1_1[0]`) and tooltips (/TU) that say everything, some of them
 * a whole instruction long.
 */
import { PDFHexString, PDFName, StandardFonts } from '@cantoo/pdf-lib';
import { newDocument } from './page-geometry-pdfs.ts';

/** The form's fields from the top of the page: full name, tooltip (none for undefined), kind. */
export const TOOLTIP_FORM_FIELDS: [
  name: string,
  tooltip: string | undefined,
  kind: 'text' | 'checkbox',
][] = [
  ['topmostSubform[0].Page1[0].f1_1[0]', 'Your first name and middle initial', 'text'],
  [
    'topmostSubform[0].Page1[0].SPSSN[0]',
    "Spouse's social security number. Enter it exactly as shown on your spouse's Social Security card.",
    'text',
  ],
  [
    'topmostSubform[0].Page1[0].Line7[0]',
    'Line 7. Wages, salaries, tips, etc. Attach Form(s) W-2 to the front of this return.',
    'text',
  ],
  [
    'topmostSubform[0].Page1[0].c1_1[0]',
    'Check here if you, or your spouse if filing jointly, want $3 to go to this fund. Checking a box will not change your tax or refund.',
    'checkbox',
  ],
  ['topmostSubform[0].Page1[0].Address[0].f1_2[0]', undefined, 'text'],
];

/** One letter page with the fields above, each with its words printed beside it. */
export const tooltipForm = async () => {
  const doc = await newDocument();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  TOOLTIP_FORM_FIELDS.forEach(([name, tooltip, kind], i) => {
    const y = 700 - i * 50;
    page.drawText(tooltip?.split('.')[0] ?? 'Address', { x: 40, y: y + 24, size: 9, font });
    const field = kind === 'text' ? form.createTextField(name) : form.createCheckBox(name);
    field.addToPage(page, { x: 40, y, width: kind === 'text' ? 300 : 14, height: 18 });
    if (tooltip) field.acroField.dict.set(PDFName.of('TU'), PDFHexString.fromText(tooltip));
  });
  return doc.save();
};
