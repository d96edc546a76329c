import { Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

const NOT_FOUND_MESSAGE =
  'The page you were looking for is not found! You may have mistyped the address or the page may have moved.';

/** product.md#errors not-found page; `order` keeps headings in order inside or outside the admin header. */
export const NotFound = ({ order }: { order: 1 | 2 }) => (
  <Stack align="center" justify="center" gap="md" py={64} px="md" ta="center" mih="60vh">
    <Text
      aria-hidden
      fw={800}
      fz={{ base: 72, sm: 112 }}
      lh={1}
      variant="gradient"
      gradient={{ from: 'brand.4', to: 'brand.8', deg: 135 }}
    >
      404
    </Text>
    <Title order={order} size="h2">
      Page not found
    </Title>
    <Text c="dimmed" maw={480}>
      {NOT_FOUND_MESSAGE}
    </Text>
    <Button component={Link} to={paths.admin} leftSection={<IconArrowLeft size={18} />} mt="sm">
      Back to Home
    </Button>
  </Stack>
);
