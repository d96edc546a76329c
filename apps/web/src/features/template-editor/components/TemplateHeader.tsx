import { ActionIcon, Badge, Button, Group, Title } from '@mantine/core';
import type { TemplateResponse } from '@platen/contract';
import { IconHistory, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PublicationBadge } from '../../../components/publication/PublicationBadge.tsx';

type TemplateHeaderProps = {
  template: TemplateResponse;
  isMobile: boolean;
  /** The published version open read-only, if one is: the badge names it, not the latest. */
  viewedVersion?: number | null;
  onRename: () => void;
  onVersions: () => void;
  /** The menus on the right (none while a published version is open). */
  children?: ReactNode;
};

/** The template's name with its publication badge, the Versions button, and the menus. */
export const TemplateHeader = ({
  template,
  isMobile,
  viewedVersion,
  ...props
}: TemplateHeaderProps) => (
  // On a phone the menus of editing mode leave no room for the name: they wrap below.
  <Group
    justify="space-between"
    wrap={isMobile ? 'wrap' : 'nowrap'}
    gap="xs"
    data-testid="template-header"
  >
    <Group
      gap={6}
      wrap={isMobile ? 'wrap' : 'nowrap'}
      style={{ minWidth: 0, flex: isMobile ? '1 1 100%' : undefined }}
    >
      <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
        <Title order={2} size="h3" lineClamp={1} style={{ wordBreak: 'break-all' }}>
          {template.templateName}
        </Title>
        {isMobile && (
          <Button
            variant="subtle"
            size="compact-sm"
            aria-label="Rename template"
            onClick={props.onRename}
          >
            <IconPencil size={16} aria-hidden />
          </Button>
        )}
      </Group>
      {viewedVersion ? (
        <Badge
          variant="filled"
          color="gray.7"
          radius="sm"
          tt="none"
          style={{ flex: 'none' }}
          data-testid="publication-badge"
        >
          {`v${viewedVersion} · read only`}
        </Badge>
      ) : (
        <PublicationBadge state={template} style={{ flex: 'none' }} />
      )}
    </Group>
    <Group gap="xs" wrap="nowrap">
      {isMobile ? (
        <ActionIcon variant="default" size="lg" aria-label="Versions" onClick={props.onVersions}>
          <IconHistory size={18} aria-hidden />
        </ActionIcon>
      ) : (
        <Button
          variant="default"
          leftSection={<IconHistory size={16} aria-hidden />}
          onClick={props.onVersions}
        >
          Versions
        </Button>
      )}
      {props.children}
    </Group>
  </Group>
);
