import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState, type Ref } from 'react';

type PasswordFieldProps = Omit<PasswordInputProps, 'visible' | 'onVisibilityChange'> & {
  ref?: Ref<HTMLInputElement>;
};

/**
 * A password input whose show/hide toggle is a real, named, keyboard-reachable button (Mantine
 * renders it with tabIndex -1 and aria-hidden unless told otherwise).
 */
export const PasswordField = ({ ref, label, ...props }: PasswordFieldProps) => {
  const [isVisible, setVisible] = useState(false);
  const name = typeof label === 'string' ? label.toLowerCase() : 'password';
  return (
    <PasswordInput
      ref={ref}
      label={label}
      leftSection={<IconLock size={18} aria-hidden />}
      visible={isVisible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        tabIndex: 0,
        'aria-label': `${isVisible ? 'Hide' : 'Show'} ${name}`,
      }}
      {...props}
    />
  );
};
