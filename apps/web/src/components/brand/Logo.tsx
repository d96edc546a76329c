import { Group, Text } from '@mantine/core';

type LogoProps = {
  /** 'dark' draws light lettering for dark backgrounds (product.md#screens-and-routes: the variant follows the theme). */
  variant: 'dark' | 'light';
  /** Only the mark, for the mini sidebar. */
  markOnly?: boolean;
  size?: number;
};

/** The Platen mark: a page with a folded corner and two filled lines. */
export const Logo = ({ variant, markOnly = false, size = 32 }: LogoProps) => (
  <Group gap={10} wrap="nowrap" data-logo-variant={variant}>
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-6)" />
      <path d="M10 7h8l5 5v13H10z" fill="#fff" />
      <path d="M18 7v5h5" fill="var(--mantine-color-brand-2)" />
      <rect x="13" y="16" width="7" height="2" rx="1" fill="var(--mantine-color-brand-6)" />
      <rect x="13" y="20" width="5" height="2" rx="1" fill="var(--mantine-color-brand-6)" />
    </svg>
    {!markOnly && (
      <Text
        component="span"
        fw={700}
        fz={size * 0.66}
        lh={1}
        c={variant === 'dark' ? 'gray.0' : 'dark.8'}
        style={{ letterSpacing: '-0.02em' }}
      >
        Platen
      </Text>
    )}
  </Group>
);
