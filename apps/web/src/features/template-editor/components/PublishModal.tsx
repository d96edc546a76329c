import { Button, Group, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { diffFields, type FieldChange, type TemplateResponse } from '@platen/contract';
import { IconAlertTriangle, IconRocket } from '@tabler/icons-react';
import { useState } from 'react';
import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';
import { ErrorAlert } from '../../../components/feedback/ErrorAlert.tsx';
import { errorMessage, isApiError } from '../../../lib/api-error.ts';
import { usePublishTemplate, useVersion } from '../api/versions.ts';
import { ChangeList } from './ChangeList.tsx';

type PublishModalProps = {
  template: TemplateResponse;
  isOpen: boolean;
  onClose: () => void;
  /** Whether the editor holds work not saved yet (publish releases the saved draft). */
  hasUnsavedWork: boolean;
  /** Saves the editor's work; false when the save check stopped it. */
  saveWork: () => Promise<boolean>;
};

/**
 * "Publish changes": what changed since the latest published version, a note, and a second
 * question before changes that break integrations are published (acceptBreaking).
 */
export const PublishModal = (props: PublishModalProps) => (
  <Modal
    opened={props.isOpen}
    onClose={props.onClose}
    title="Publish changes"
    centered
    radius="md"
    size="lg"
  >
    {props.isOpen && <PublishBody {...props} />}
  </Modal>
);

const PublishBody = ({ template, onClose, hasUnsavedWork, saveWork }: PublishModalProps) => {
  const [note, setNote] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const [isUnsaved, setIsUnsaved] = useState(hasUnsavedWork);
  const [problem, setProblem] = useState<string | null>(null);
  /** Set once the user chose to publish breaking changes: the second question is shown. */
  const [breaking, setBreaking] = useState<FieldChange[] | null>(null);
  const latest = useVersion(template.templateName, template.publishedVersion);
  const publish = usePublishTemplate();
  const previous = template.publishedVersion;
  const next = (previous ?? 0) + 1;

  if (isUnsaved) {
    const save = async () => {
      setIsSaving(true);
      try {
        if (await saveWork()) setIsUnsaved(false);
        else setProblem('Some fields need a type and a unique label: fix the red ones first.');
      } catch (error) {
        setProblem(errorMessage(error));
      } finally {
        setIsSaving(false);
      }
    };
    return (
      <Stack>
        <Text size="sm">
          Publishing releases the saved draft. Save your changes first to include them.
        </Text>
        {problem && <ProblemAlert message={problem} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={isSaving} onClick={() => void save()}>
            Save and continue
          </Button>
        </Group>
      </Stack>
    );
  }
  if (previous !== null && !latest.data) {
    return latest.isError ? (
      <ProblemAlert message={errorMessage(latest.error)} />
    ) : (
      <Group justify="center" p="lg">
        <Loader size="sm" aria-label="Loading the latest version" />
      </Group>
    );
  }
  if (previous !== null && !template.hasUnpublishedChanges) {
    return (
      <Stack>
        <Text size="sm">
          Version {previous} is this draft already: there is nothing new to publish. Edit and save
          the template, then publish its changes.
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>OK</Button>
        </Group>
      </Stack>
    );
  }
  const changes = diffFields(latest.data?.inputs ?? [], template.inputs);
  const breakingChanges = changes.filter((change) => change.breaking);

  const send = async (acceptBreaking: boolean) => {
    setProblem(null);
    try {
      const version = await publish.mutateAsync({
        templateName: template.templateName,
        body: {
          ...(note.trim() && { note: note.trim() }),
          revision: template.revision,
          ...(acceptBreaking && { acceptBreaking: true }),
        },
      });
      onClose();
      await showAlertDialog({
        kind: 'success',
        title: `Version ${version.version} published`,
        message: `Documents generated from "${template.templateName}" now use version ${version.version}, unless a call pins another.`,
      });
    } catch (error) {
      // Someone published or saved meanwhile: the server's list is the one that counts.
      if (isApiError(error) && error.code === 'BREAKING_CHANGES' && error.changes) {
        setBreaking(error.changes);
        return;
      }
      setProblem(errorMessage(error));
    }
  };

  if (breaking) {
    return (
      <Stack>
        <ErrorAlert variant="light" icon={<IconAlertTriangle aria-hidden />}>
          <Text size="sm" fw={600}>
            These changes break integrations built for version {previous}.
          </Text>
          <Text size="sm">
            Payloads they send today would lose values or be refused once version {next} is
            published. Integrations that pin version {previous} keep working.
          </Text>
        </ErrorAlert>
        <ChangeList changes={breaking} />
        {problem && <ProblemAlert message={problem} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setBreaking(null)}>
            Go back
          </Button>
          <Button color="red.8" loading={publish.isPending} onClick={() => void send(true)}>
            Publish anyway
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack>
      <Text size="sm">
        {previous === null
          ? `The draft becomes version 1. From then on, generate fills version 1 until you publish again; edits to the draft change nothing for integrations.`
          : `The draft becomes version ${next}. Compared with version ${previous}:`}
      </Text>
      {changes.length > 0 ? (
        <ChangeList changes={changes} />
      ) : (
        <Text size="sm" c="dimmed">
          No field was added, removed, renamed, moved or resized (the PDF, stamps or styles may have
          changed).
        </Text>
      )}
      <Textarea
        label="Note"
        description="Optional: what this version is for, shown in the history."
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        maxLength={1000}
        autosize
        minRows={2}
      />
      {problem && <ProblemAlert message={problem} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          leftSection={<IconRocket size={16} aria-hidden />}
          color={breakingChanges.length > 0 ? 'red.8' : undefined}
          loading={publish.isPending}
          onClick={() =>
            breakingChanges.length > 0 ? setBreaking(breakingChanges) : void send(false)
          }
        >
          {breakingChanges.length > 0 ? 'Publish breaking changes…' : `Publish version ${next}`}
        </Button>
      </Group>
    </Stack>
  );
};

const ProblemAlert = ({ message }: { message: string }) => (
  <ErrorAlert variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
    {message}
  </ErrorAlert>
);
