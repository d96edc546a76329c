import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ChoiceOption } from '@platen/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';

type ChoiceOptionsEditorProps = {
  options: readonly ChoiceOption[];
  isInvalid: boolean;
  onChange: (options: ChoiceOption[]) => void;
};

/** An empty row to type a new option into. */
export const blankOption = (): ChoiceOption => ({ value: '', label: '' });

/**
 * The options of a choice field: the value the payload sends and the text the document prints
 * (the value when left blank). Options imported from a PDF's radio group each have their own box
 * on the page, where the chosen one is marked; those can be renamed or removed, not added to.
 */
export const ChoiceOptionsEditor = ({ options, isInvalid, onChange }: ChoiceOptionsEditorProps) => {
  const hasBoxes = options.some((option) => option.box);
  const update = (index: number, change: Partial<ChoiceOption>) =>
    onChange(options.map((option, i) => (i === index ? { ...option, ...change } : option)));
  return (
    <Stack gap={6} data-testid="choice-options">
      <div>
        <Text size="sm" fw={500}>
          Options
        </Text>
        <Text size="xs" c="dimmed">
          {hasBoxes
            ? 'Each option has its own box on the page; the chosen one is marked.'
            : 'The payload sends a value; the document prints its text.'}
        </Text>
      </div>
      {options.length > 0 && (
        <Group gap={6} wrap="nowrap" aria-hidden>
          <Text size="xs" fw={500} style={{ flex: 1 }}>
            Value
          </Text>
          <Text size="xs" fw={500} style={{ flex: 1 }}>
            {hasBoxes ? 'Name' : 'Printed as'}
          </Text>
          <div style={{ width: 28 }} />
        </Group>
      )}
      {options.map((option, index) => (
        <Group key={index} gap={6} wrap="nowrap" align="flex-start">
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            aria-label={`Option ${index + 1} value`}
            placeholder="Value"
            value={option.value}
            onChange={(event) => update(index, { value: event.currentTarget.value })}
          />
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            aria-label={`Option ${index + 1} text`}
            placeholder={option.value || 'Printed text'}
            value={option.label === option.value ? '' : option.label}
            onChange={(event) => update(index, { label: event.currentTarget.value })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={2}
            aria-label={`Remove option ${index + 1}`}
            onClick={() => onChange(options.filter((_, i) => i !== index))}
          >
            <IconTrash size={14} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {isInvalid && (
        <Text size="xs" c="red" role="alert">
          Give every option a value of its own.
        </Text>
      )}
      {!hasBoxes && (
        <Button
          variant="light"
          size="compact-sm"
          w="fit-content"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...options, blankOption()])}
        >
          Add option
        </Button>
      )}
    </Stack>
  );
};
