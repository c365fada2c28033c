/**
 * Mantine AppShell's resize handle as the app has it: none. AppShell draws its handle only for a section
 * given in its `resize` prop, which the dashboard shell never sets (build/app-shell-imports.ts,
 * decision 104; remove-scroll-class-names.test.ts holds the shell to it).
 */
export function AppShellResizeHandle(): null {
  return null;
}
