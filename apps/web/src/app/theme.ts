import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** The one brand colour (an indigo) and its shades, lightest first. */
const brand: MantineColorsTuple = [
  '#eef2ff',
  '#dbe2ff',
  '#b5c3fb',
  '#8ca2f7',
  '#6a86f3',
  '#5474f1',
  '#4869f1',
  '#3958d7',
  '#304ec1',
  '#2343ab',
];

/** A slightly blue dark palette, so dark mode is designed rather than inverted grey. */
const dark: MantineColorsTuple = [
  '#c9cedb',
  '#a9b0c1',
  '#8a92a6',
  '#5f677c',
  '#3a4152',
  '#2c3241',
  '#232836',
  '#1b1f2b',
  '#151923',
  '#10131b',
];

const font = "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', sans-serif";

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 7 },
  colors: { brand, dark },
  fontFamily: font,
  headings: { fontFamily: font, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  // An 8 px rhythm: 8, 12, 16, 24, 32.
  spacing: { xs: '0.5rem', sm: '0.75rem', md: '1rem', lg: '1.5rem', xl: '2rem' },
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg', shadow: 'xs' } },
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { radius: 'md' } },
    PasswordInput: { defaultProps: { radius: 'md' } },
    // Mantine's close buttons are icons without a name (axe: button-name).
    Modal: {
      defaultProps: {
        radius: 'md',
        overlayProps: { backgroundOpacity: 0.55, blur: 2 },
        closeButtonProps: { 'aria-label': 'Close' },
      },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/**
 * Contrast fixes measured with axe: Mantine's dimmed grey and light-variant brand text are under
 * 4.5:1 on white, so the light scheme uses a shade darker for both. Red buttons (deleting) take
 * the darkest red for white text and outlines on white, and a light red for outlines on dark.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-brand-light-color': 'var(--mantine-color-brand-8)',
    '--mantine-color-anchor': 'var(--mantine-color-brand-8)',
    '--mantine-color-placeholder': '#6c737d',
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
    '--mantine-color-red-outline': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-brand-light-color': 'var(--mantine-color-brand-3)',
    '--mantine-color-anchor': 'var(--mantine-color-brand-3)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
    '--mantine-color-red-outline': 'var(--mantine-color-red-4)',
  },
});
