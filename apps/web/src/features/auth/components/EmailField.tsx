import { TextInput, type TextInputProps } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import type { Ref } from 'react';

type EmailFieldProps = Pick<TextInputProps, 'value' | 'error' | 'onChange'> & {
  ref?: Ref<HTMLInputElement>;
};

/** The e-mail input of the account forms: the browser's autofill and a phone's e-mail keyboard. */
export const EmailField = (props: EmailFieldProps) => (
  <TextInput
    label="Email"
    type="email"
    autoComplete="email"
    placeholder="you@example.com"
    leftSection={<IconMail size={18} aria-hidden />}
    {...props}
  />
);
