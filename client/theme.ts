import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Indigo leaning to violet: the "vitrin" glow of the logo. */
const brand: MantineColorsTuple = [
  '#f1efff',
  '#e1dcff',
  '#c1b7fd',
  '#9f8ffb',
  '#836ef9',
  '#7059f8',
  '#5b4cf0',
  '#4b3dd6',
  '#4034b9',
  '#332993',
];

export const theme = createTheme({
  colors: { brand },
  // Dark text on light filled backgrounds (teal, green, yellow badges), white on dark ones.
  autoContrast: true,
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 4 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: 'Inter, "Segoe UI Variable", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'Inter, "Segoe UI Variable", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '750',
    sizes: {
      h1: { fontSize: '2.5rem', lineHeight: '1.15' },
      h2: { fontSize: '1.75rem', lineHeight: '1.25' },
      h3: { fontSize: '1.25rem', lineHeight: '1.35' },
    },
  },
  defaultGradient: { from: '#4f46e5', to: '#9333ea', deg: 135 },
  shadows: {
    xs: '0 1px 2px rgba(24, 20, 60, 0.06)',
    sm: '0 1px 3px rgba(24, 20, 60, 0.08), 0 1px 2px rgba(24, 20, 60, 0.04)',
    md: '0 6px 16px -4px rgba(24, 20, 60, 0.12), 0 2px 4px rgba(24, 20, 60, 0.05)',
    lg: '0 16px 32px -8px rgba(40, 30, 110, 0.18)',
    xl: '0 28px 56px -12px rgba(40, 30, 110, 0.25)',
  },
  // Plain objects, not `Select.extend(...)`: importing the components here would put Select,
  // its combobox and floating-ui into the first chunk of every page.
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true, padding: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Container: { defaultProps: { size: 'lg' } },
    TextInput: { defaultProps: { radius: 'md' } },
    PasswordInput: { defaultProps: { radius: 'md' } },
    Select: { defaultProps: { radius: 'md', allowDeselect: false } },
  },
});

/**
 * WCAG AA contrast (4.5:1) in the light scheme: Mantine's dimmed grey (#868e96, 3.3:1) and the
 * text of its "light" variants (badges, alerts; shade 6 on a 10% tint) and its outlines are darkened.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f6670',
    ...Object.fromEntries(
      Object.keys(t.colors).flatMap((c) => [
        [`--mantine-color-${c}-light-color`, `color-mix(in srgb, var(--mantine-color-${c}-9) 75%, black)`],
        // `c="red"` and friends: coloured text (errors, amounts) at text contrast.
        [`--mantine-color-${c}-text`, `color-mix(in srgb, var(--mantine-color-${c}-9) 85%, black)`],
        [`--mantine-color-${c}-outline`, `var(--mantine-color-${c}-8)`],
      ]),
    ),
  },
  dark: {},
});
