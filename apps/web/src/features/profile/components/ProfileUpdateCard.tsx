import {
  Button,
  Card,
  Divider,
  FileInput,
  Group,
  Stack,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import type { ProfileResponse } from '@platen/contract';
import { IconAlertCircle, IconCircleCheck, IconPhoto } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { showAlertDialog } from '../../../components/dialogs/alert-dialog.tsx';
import { showError } from '../../../components/feedback/toast.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { useUploadPicture } from '../api/upload-picture.ts';
import { validateProfileUpdate } from '../model/validators.ts';

const reloadAfter = async (title: string, message: string) => {
  await showAlertDialog({ kind: 'success', title, message });
  window.location.reload();
};

const VerifiedIcon = ({ isVerified }: { isVerified: boolean }) => {
  const label = isVerified ? 'Email verified' : 'Email not verified';
  return (
    <Tooltip label={label}>
      <span
        role="img"
        aria-label={label}
        data-testid="email-verified-icon"
        data-verified={isVerified}
      >
        {isVerified ? (
          <IconCircleCheck size={20} color="var(--mantine-color-teal-6)" aria-hidden />
        ) : (
          <IconAlertCircle size={20} color="var(--mantine-color-red-6)" aria-hidden />
        )}
      </span>
    </Tooltip>
  );
};

/** product.md#screens-and-routes profile-update card: picture upload, names, read-only e-mail, title. */
export const ProfileUpdateCard = ({ profile }: { profile: ProfileResponse }) => {
  const upload = useUploadPicture();
  const update = useUpdateProfile();
  const [file, setFile] = useState<File | null>(null);
  const [values, setValues] = useState({
    firstName: profile.firstName,
    lastName: profile.lastName,
    title: profile.title,
  });
  const set = (field: keyof typeof values) => (e: { currentTarget: HTMLInputElement }) =>
    setValues({ ...values, [field]: e.currentTarget.value });

  const sendPicture = () => {
    if (!file) {
      void showAlertDialog({
        kind: 'warning',
        title: 'Missing fields!',
        message: 'Please fill in all fields.',
      });
      return;
    }
    upload.mutate(file, {
      onSuccess: (answer) => void reloadAfter('Picture uploaded!', answer.message),
      onError: (error) =>
        void showAlertDialog({
          kind: 'error',
          title: 'Upload Error',
          message: errorMessage(error),
        }),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const problem = validateProfileUpdate(values);
    if (problem) {
      showError(problem.title, problem.message);
      return;
    }
    update.mutate(values, {
      onSuccess: () => void reloadAfter('Profile updated!', 'Your profile has been updated.'),
      onError: (error) =>
        void showAlertDialog({
          kind: 'error',
          title: 'Password Error',
          message: errorMessage(error),
        }),
    });
  };

  return (
    <Card component="section" aria-labelledby="profile-card-title">
      <Title order={3} size="h4" id="profile-card-title" mb="md">
        Update profile
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <FileInput
          label="Profile picture"
          placeholder="Choose an image"
          accept="image/*"
          clearable
          value={file}
          onChange={setFile}
          leftSection={<IconPhoto size={18} aria-hidden />}
          style={{ flex: '1 1 220px' }}
        />
        <Button variant="light" onClick={sendPicture} loading={upload.isPending}>
          Upload picture
        </Button>
      </Group>
      <Divider my="lg" />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group grow wrap="wrap" gap="md" align="flex-start">
            <TextInput
              label="First name"
              value={values.firstName}
              onChange={set('firstName')}
              miw={180}
            />
            <TextInput
              label="Last name"
              value={values.lastName}
              onChange={set('lastName')}
              miw={180}
            />
          </Group>
          <TextInput
            label="Email"
            value={profile.email}
            readOnly
            rightSection={<VerifiedIcon isVerified={profile.emailConfirmed} />}
          />
          <TextInput
            label="Title"
            placeholder="Software Engineer"
            value={values.title}
            onChange={set('title')}
          />
          <Button type="submit" loading={update.isPending} w="fit-content">
            Update profile
          </Button>
        </Stack>
      </form>
    </Card>
  );
};
