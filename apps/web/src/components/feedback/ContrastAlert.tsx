import { Alert, useComputedColorScheme, type AlertProps } from '@mantine/core';

/**
 * A light alert of any colour whose title keeps 4.5:1 contrast (see ErrorAlert): the title is
 * drawn darker than any shade in the light theme and a pale one in the dark theme.
 */
export const ContrastAlert = ({ color, ...props }: AlertProps & { color: string }) => {
  const scheme = useComputedColorScheme('light');
  // Shade 9 of the light colours (yellow, orange) is still under 4.5:1: darken it further.
  const title =
    scheme === 'dark'
      ? `var(--mantine-color-${color}-3)`
      : `color-mix(in srgb, var(--mantine-color-${color}-9) 60%, black)`;
  return <Alert color={color} variant="light" styles={{ title: { color: title } }} {...props} />;
};
