import {
  Badge,
  Button,
  Card,
  Collapse,
  Drawer,
  Group,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  useComputedColorScheme,
} from '@mantine/core';
import type { TemplateResponse, TemplateVersionSummary } from '@platen/contract';
import {
  IconChevronDown,
  IconDownload,
  IconEye,
  IconFileTypePdf,
  IconHistory,
  IconRocket,
} from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { ContrastAlert } from '../../../components/feedback/ContrastAlert.tsx';
import { ErrorAlert } from '../../../components/feedback/ErrorAlert.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useVersions } from '../api/versions.ts';
import type { VersionActions } from '../hooks/use-version-actions.ts';
import { formatPublishedAt } from '../model/format-date.ts';
import { summarizeChanges, summaryParts } from '../model/version-changes.ts';
import { ChangeList } from './ChangeList.tsx';

type VersionsPanelProps = {
  template: TemplateResponse;
  isOpen: boolean;
  isMobile: boolean;
  onClose: () => void;
  onOpenVersion: (version: number) => void;
  onPublish: () => void;
  actions: VersionActions;
};

/** The history of a template: every published version, newest first, and what to do with one. */
export const VersionsPanel = (props: VersionsPanelProps) => {
  const { template } = props;
  const versions = useVersions(template.templateName, props.isOpen);
  return (
    <Drawer
      opened={props.isOpen}
      onClose={props.onClose}
      position="right"
      size={props.isMobile ? '100%' : 'md'}
      title={
        <Group gap="xs">
          <IconHistory size={18} aria-hidden />
          <Text fw={600}>Versions</Text>
        </Group>
      }
    >
      <Stack gap="md">
        <ContrastAlert
          color={template.hasUnpublishedChanges ? 'yellow' : 'teal'}
          title={draftTitle(template)}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {template.publishedVersion === null
                ? 'Generate fills the draft until its first version is published.'
                : `Generate fills version ${template.publishedVersion} unless a call pins another. Edits to the draft change nothing until they are published.`}
            </Text>
            {template.hasUnpublishedChanges && (
              <Button
                size="compact-sm"
                leftSection={<IconRocket size={14} aria-hidden />}
                onClick={props.onPublish}
              >
                Publish changes
              </Button>
            )}
          </Stack>
        </ContrastAlert>
        {versions.isError ? (
          <ErrorAlert title="The versions cannot be shown">
            {errorMessage(versions.error)}
          </ErrorAlert>
        ) : !versions.data ? (
          <Skeleton h={120} aria-busy />
        ) : versions.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No version published yet. Publish changes freezes the draft as version 1: its PDF,
            fields and stamps then never change under the integrations that use it.
          </Text>
        ) : (
          versions.data.map((version) => (
            <VersionCard
              key={version.version}
              version={version}
              isLatest={version.version === template.publishedVersion}
              {...props}
            />
          ))
        )}
      </Stack>
    </Drawer>
  );
};

const draftTitle = (template: TemplateResponse) =>
  template.publishedVersion === null
    ? 'Draft, never published'
    : template.hasUnpublishedChanges
      ? `The draft has changes not in version ${template.publishedVersion}`
      : `The draft is version ${template.publishedVersion}`;

type VersionCardProps = VersionsPanelProps & {
  version: TemplateVersionSummary;
  isLatest: boolean;
};

const VersionCard = ({ version, isLatest, actions, onOpenVersion }: VersionCardProps) => {
  const [isShowingChanges, setIsShowingChanges] = useState(false);
  // Red text keeps 4.5:1 on the card as red.8 in the light theme and red.4 in the dark one.
  const breakingColor = useComputedColorScheme('dark') === 'dark' ? 'red.4' : 'red.8';
  const number = version.version;
  return (
    <Card withBorder padding="sm" data-testid="version-card" data-version={number}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="xs">
            <Text fw={700}>Version {number}</Text>
            {isLatest && (
              <Badge color="teal" variant="filled" autoContrast radius="sm" tt="none">
                Latest
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {version.fieldCount} {version.fieldCount === 1 ? 'field' : 'fields'}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {formatPublishedAt(version.publishedAt)} by {version.publishedBy}
        </Text>
        {version.note && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {version.note}
          </Text>
        )}
        <UnstyledButton
          onClick={() => setIsShowingChanges((shown) => !shown)}
          aria-expanded={isShowingChanges}
          disabled={version.changes.length === 0}
        >
          <Group gap={4} wrap="nowrap">
            <Text size="sm" data-testid="version-summary">
              {version.changes.length === 0
                ? summarizeChanges(version.changes)
                : summaryParts(version.changes).map((part, index) => (
                    <Fragment key={part.text}>
                      {index > 0 && ' · '}
                      <Text
                        span
                        inherit
                        c={part.isBreaking ? breakingColor : undefined}
                        data-breaking={part.isBreaking}
                      >
                        {part.text + (part.isBreaking ? ' (breaking)' : '')}
                      </Text>
                    </Fragment>
                  ))}
            </Text>
            {version.changes.length > 0 && <IconChevronDown size={14} aria-hidden />}
          </Group>
        </UnstyledButton>
        <Collapse in={isShowingChanges}>
          <ChangeList changes={version.changes} />
        </Collapse>
        <Group gap="xs" mt={4}>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconEye size={14} aria-hidden />}
            onClick={() => onOpenVersion(number)}
            aria-label={`Open version ${number}`}
          >
            Open
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => actions.download(number)}
            aria-label={`Download the PDF of version ${number}`}
          >
            PDF
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconFileTypePdf size={14} aria-hidden />}
            onClick={() => void actions.sample(number)}
            aria-label={`Generate a sample of version ${number}`}
          >
            Sample
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => void actions.restore(number)}
            aria-label={`Restore version ${number}`}
          >
            Restore
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};
