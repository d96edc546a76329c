import { ActionIcon, Button, Fieldset, Group, Stack } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { blankLike, type FieldKind } from '../model/field-kinds.ts';
import { ValueInput } from './ValueInput.tsx';

/** A list value of the payload: one input per item, with Remove and Add. */
export const ArrayInput = ({
  name,
  kind,
  items,
  onChange,
}: {
  name: string;
  kind: FieldKind;
  items: unknown[];
  onChange: (next: unknown[]) => void;
}) => (
  <Fieldset legend={name} variant="filled">
    <Stack gap="xs">
      {items.map((item, index) => (
        <Group key={index} align="flex-end" wrap="nowrap" gap="xs">
          <div style={{ flex: 1 }}>
            <ValueInput
              name={name}
              kind={kind}
              label={`${name} ${index + 1}`}
              value={item}
              onChange={(value) => onChange(items.map((old, i) => (i === index ? value : old)))}
            />
          </div>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${name} ${index + 1}`}
            onClick={() => onChange(items.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        size="compact-sm"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={() => onChange([...items, blankLike(items)])}
        w="fit-content"
      >
        Add {name}
      </Button>
    </Stack>
  </Fieldset>
);
