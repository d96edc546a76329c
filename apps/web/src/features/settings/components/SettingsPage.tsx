import {
  Card,
  Group,
  Select,
  Stack,
  Switch,
  Text,
  Title,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useState } from 'react';
import { LazyAceJsonView } from '../../../components/code-view/LazyAceJsonView.tsx';
import {
  editorThemes,
  parseEditorTheme,
  readEditorTheme,
  storeEditorTheme,
  type EditorTheme,
} from '../../../components/code-view/editor-theme.ts';
import { SAMPLE_JSON } from '../model/sample-json.ts';
import { WebhooksSection } from './WebhooksSection.tsx';

/**
 * product.md#screens-and-routes Settings: the site theme switch, the editor theme with a JSON sample, and the
 * account's webhook endpoints.
 */
export const SettingsPage = () => {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('dark');
  const [editorTheme, setEditorTheme] = useState<EditorTheme>(() => readEditorTheme(scheme));

  const changeEditorTheme = (value: string | null) => {
    const theme = parseEditorTheme(value);
    if (!theme) return;
    storeEditorTheme(theme);
    setEditorTheme(theme);
  };

  return (
    <Stack gap="lg">
      <Card component="section" aria-labelledby="appearance-title">
        <Title order={2} size="h4" id="appearance-title">
          Appearance
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          The theme is kept in this browser.
        </Text>
        <Group gap="sm">
          <IconSun size={20} aria-hidden />
          <Switch
            label="Dark theme"
            checked={scheme === 'dark'}
            onChange={(e) => setColorScheme(e.currentTarget.checked ? 'dark' : 'light')}
            size="md"
            data-testid="theme-switch"
          />
          <IconMoon size={20} aria-hidden />
        </Group>
      </Card>
      <Card component="section" aria-labelledby="editor-title">
        <Title order={2} size="h4" id="editor-title">
          Code editor
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Used wherever JSON is shown, such as the example payload of a template.
        </Text>
        <Stack gap="md">
          <Select
            label="Editor theme"
            data={editorThemes.map((theme) => ({ value: theme.value, label: theme.label }))}
            value={editorTheme}
            onChange={changeEditorTheme}
            allowDeselect={false}
            maw={320}
            comboboxProps={{ withinPortal: true }}
            maxDropdownHeight={200}
          />
          <LazyAceJsonView
            value={SAMPLE_JSON}
            theme={editorTheme}
            label="Sample JSON payload"
            testId="code-sample"
          />
        </Stack>
      </Card>
      <WebhooksSection />
    </Stack>
  );
};
