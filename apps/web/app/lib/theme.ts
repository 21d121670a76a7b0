import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** A deep, trustworthy navy for the firm, with a warm gold accent. */
const navy: MantineColorsTuple = [
  '#eef3fb',
  '#dae3f2',
  '#b0c4e6',
  '#84a3da',
  '#5f87cf',
  '#4875c9',
  '#3b6bc7',
  '#2d5ab0',
  '#23509e',
  '#14335f',
];
const gold: MantineColorsTuple = [
  '#fff8e2',
  '#ffefcc',
  '#fddd9b',
  '#fbca65',
  '#f9ba38',
  '#f8b01b',
  '#f8ab09',
  '#dd9500',
  '#c48400',
  '#8a5c00',
];

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: { light: 8 },
  colors: { navy, gold },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
});

/**
 * Mantine's default error red (red.6), dimmed grey and placeholder grey fall short of WCAG AA contrast on
 * white; these pass (about 6:1, 8:1 and 5:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-dimmed': '#495057',
    '--mantine-color-placeholder': '#6b7178',
  },
  dark: {},
});
