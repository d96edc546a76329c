import { Anchor, Group, Text } from '@mantine/core';
import { env } from '../../config/env.ts';

export const AdminFooter = () => (
  <Group
    component="footer"
    justify="space-between"
    px={{ base: 'md', sm: 'lg' }}
    py="sm"
    gap="xs"
    style={{ borderTop: '1px solid var(--app-border)' }}
  >
    <Text size="sm" c="dimmed">
      © {new Date().getFullYear()} {env.VITE_PRODUCT_NAME}. Fill PDF templates from a form or an
      API.
    </Text>
    <Anchor href={env.VITE_API_DOCS_URL} target="_blank" rel="noreferrer" size="sm">
      API documentation
    </Anchor>
  </Group>
);
