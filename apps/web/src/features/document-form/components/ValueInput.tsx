import { Checkbox, Image, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import type { ChoiceOption } from '@platen/contract';
import {
  hasImagePreview,
  isShowablePicture,
  numberInputValue,
  toDateInputValue,
  type FieldKind,
} from '../model/field-kinds.ts';
import { ImageValueInput } from './ImageValueInput.tsx';

type ValueInputProps = {
  name: string;
  label: string;
  /** Decided from the example payload, never from the value being typed (`kindsOfPayload`). */
  kind: FieldKind;
  value: unknown;
  /** A choice field's options: the select shows their text and sends their value. */
  options?: readonly ChoiceOption[];
  onChange: (value: unknown) => void;
};

/** One value of the payload, edited with the input its name and example call for. */
export const ValueInput = ({ name, label, kind, value, options, onChange }: ValueInputProps) => {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  switch (kind) {
    case 'image':
      return <ImageValueInput label={label} value={value} onChange={onChange} />;
    case 'choice':
      return (
        <Select
          label={label}
          data={(options ?? []).map((option) => ({
            value: option.value,
            label:
              option.label === option.value ? option.value : `${option.label} (${option.value})`,
          }))}
          value={text || null}
          onChange={(chosen) => onChange(chosen ?? null)}
          placeholder="Leave empty"
          clearable
          maxDropdownHeight={200}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          label={label}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'number':
      return (
        <NumberInput
          label={label}
          value={numberInputValue(value)}
          onChange={(v) => onChange(numberInputValue(v))}
        />
      );
    case 'textarea':
      return (
        <Textarea
          label={label}
          value={text}
          autosize
          minRows={3}
          maxRows={10}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'date':
      return (
        <TextInput
          type="date"
          label={label}
          value={toDateInputValue(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    default:
      return (
        <Stack gap={6}>
          <TextInput
            type={kind}
            label={label}
            value={text}
            onChange={(e) => onChange(e.currentTarget.value)}
          />
          {hasImagePreview(name) && isShowablePicture(text) && (
            <Image
              src={text}
              alt={`Preview of ${label}`}
              h={96}
              w="auto"
              fit="contain"
              radius="sm"
            />
          )}
        </Stack>
      );
  }
};
