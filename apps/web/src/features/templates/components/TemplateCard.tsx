import { Card, Group, Image, Stack, Text } from '@mantine/core';
import type { TemplateListItem } from '@platen/contract';
import { Link } from 'react-router';
import { PublicationBadge } from '../../../components/publication/PublicationBadge.tsx';
import { paths } from '../../../config/paths.ts';
import { formatLastUpdate } from '../model/format.ts';

/** One template in the grid: preview, last update, field count, publication state and name (product.md#screens-and-routes). */
export const TemplateCard = ({ template }: { template: TemplateListItem }) => (
  <Card
    component={Link}
    to={paths.template(template.templateName)}
    padding="md"
    radius="md"
    withBorder
    aria-label={`Open template ${template.templateName}`}
    style={{ textDecoration: 'none' }}
    data-testid="template-card"
  >
    <Card.Section bg="var(--app-canvas)" p="sm">
      <Image
        src={`data:image/png;base64,${template.file}`}
        alt=""
        h={200}
        fit="contain"
        radius="sm"
      />
    </Card.Section>
    <Stack gap={6} mt="sm">
      <Text fw={600} lineClamp={1} title={template.templateName}>
        {template.templateName}
      </Text>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {template.coordinates} {template.coordinates === 1 ? 'coordinate' : 'coordinates'}
        </Text>
        <PublicationBadge state={template} />
      </Group>
      <Text size="xs" c="dimmed">
        Last update {formatLastUpdate(template.lastUpdate)}
      </Text>
    </Stack>
  </Card>
);
