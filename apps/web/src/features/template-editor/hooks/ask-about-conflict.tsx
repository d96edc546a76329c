import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export type ConflictChoice = 'keep' | 'reload' | 'overwrite';

/**
 * A save refused with EDIT_CONFLICT: the draft was saved elsewhere (another tab, a teammate, a
 * restored version) since this editor loaded it. Nothing is lost until the user says so: keep
 * editing (the work stays), load the saved draft (the work goes), or save over it.
 */
export const askAboutConflict = (): Promise<ConflictChoice> =>
  new Promise((resolve) => {
    let choice: ConflictChoice = 'keep';
    const choose = (next: ConflictChoice) => () => {
      choice = next;
      modals.close(id);
    };
    const id = modals.open({
      title: 'Someone else saved this template',
      centered: true,
      radius: 'md',
      onClose: () => resolve(choice),
      children: (
        <Stack gap="md">
          <Text size="sm">
            The template was changed and saved elsewhere since you opened it, so your save was not
            made. Your changes are still here in the editor.
          </Text>
          <Text size="sm" c="dimmed">
            Load the saved template to see the other changes (yours are then lost), or save yours
            over them.
          </Text>
          <Stack gap="xs">
            <Button data-autofocus onClick={choose('keep')}>
              Keep my changes in the editor
            </Button>
            <Button variant="default" onClick={choose('reload')}>
              Load the saved template
            </Button>
            <Button variant="subtle" color="red.8" onClick={choose('overwrite')}>
              Save mine over theirs
            </Button>
          </Stack>
        </Stack>
      ),
    });
  });
