import { Checkbox, Image, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import type { ChoiceOption } from '@platen/contract';
import { ImageValueInput } from '../../../field-kinds/image/ImageValueInput.tsx';
import { isShowablePicture } from '../../../field-kinds/image/picture-url.ts';
import { numberInputValue, toDateInputValue } from '../../../lib/input-values.ts';
import { hasImagePreview, type FieldKind } from '../model/field-kinds.ts';

type ValueInputProps = {
  name: string;
  label: string;
  /** Decided from the example payload, never from the value being typed (`kindsOfPayload`). */
  kind: FieldKind;
  value: unknown;
  /** A choice field's options: the select shows their text and sends their value. */
  options?: readonly ChoiceOption[];
  /** What the field asks for (an imported form's tooltip), shown under the input. */
  description?: string | undefined;
  onChange: (value: unknown) => void;
};

/** Mantine puts a description between label and input; the form's words read better below it. */
const BELOW_INPUT = ['label', 'input', 'description', 'error'] as const;

/** One value of the payload, edited with the input its name and example call for. */
export const ValueInput = ({
  name,
  label,
  kind,
  value,
  options,
  description,
  onChange,
}: ValueInputProps) => {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  const described = { description, inputWrapperOrder: [...BELOW_INPUT] };
  switch (kind) {
    case 'image':
      return <ImageValueInput label={label} value={value} onChange={onChange} />;
    case 'choice':
      return (
        <Select
          label={label}
          {...described}
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
          description={description}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'number':
      return (
        <NumberInput
          label={label}
          {...described}
          value={numberInputValue(value)}
          onChange={(v) => onChange(numberInputValue(v))}
        />
      );
    case 'textarea':
      return (
        <Textarea
          label={label}
          {...described}
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
          {...described}
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
            {...described}
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
