import { SegmentedControl, Stack, Text } from '@mantine/core';
import { fillsSentence, type VersionChoice } from '../model/version-choice.ts';

type VersionPickerProps = {
  choice: VersionChoice;
  onChange: (choice: VersionChoice) => void;
  publishedVersion: number | null;
  /** The button that fills it: Generate for one document, Start for a batch. */
  action?: string;
};

/** Which version the Form tab fills, and a sentence saying so. */
export const VersionPicker = ({ choice, onChange, action, ...template }: VersionPickerProps) => (
  <Stack gap={4}>
    {template.publishedVersion !== null && (
      <SegmentedControl
        aria-label="Version to fill"
        value={choice}
        onChange={(value) => onChange(value === 'draft' ? 'draft' : 'api')}
        data={[
          { label: `Version ${template.publishedVersion} (API default)`, value: 'api' },
          { label: 'Draft', value: 'draft' },
        ]}
      />
    )}
    <Text size="sm" c="dimmed" data-testid="form-fills">
      {fillsSentence(choice, template.publishedVersion, action)}
    </Text>
  </Stack>
);
