import type { FieldType } from '@platen/contract';

/** One colour per field type, so a page of boxes reads at a glance (product.md#screens-and-routes). */
const fieldColors: Record<FieldType | '', string> = {
  '': 'gray',
  text: 'blue',
  date: 'grape',
  number: 'cyan',
  email: 'indigo',
  linked_text: 'orange',
  long_text: 'teal',
  image: 'pink',
  checkbox: 'green',
  radio: 'lime',
  choice: 'violet',
  barcode: 'yellow',
  table: 'red',
};

export const fieldColorVar = (type: FieldType | '', shade = 6) =>
  `var(--mantine-color-${fieldColors[type]}-${shade})`;
