import { Alert, useComputedColorScheme, type AlertProps } from '@mantine/core';

/**
 * A red alert whose title keeps 4.5:1 contrast: Mantine's light variant draws the title in the
 * middle red, which fails on its pale background in the light theme.
 */
export const ErrorAlert = (props: Omit<AlertProps, 'color'>) => {
  const scheme = useComputedColorScheme('light');
  const shade = scheme === 'dark' ? 3 : 9;
  return (
    <Alert
      color="red"
      styles={{ title: { color: `var(--mantine-color-red-${shade})` } }}
      {...props}
    />
  );
};
