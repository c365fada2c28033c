import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import lingui from 'eslint-plugin-lingui';

/*
 * Files whose every visible text must be wrapped for translation (issue 20; docs/decisions/015-languages.md).
 * Add a folder here once it is translated; the rule then fails on any new English text left bare.
 */
const TRANSLATED = [
  'apps/web/src/app/routes/public/*.tsx',
  'apps/web/src/app/layouts/public-*.tsx',
  'apps/web/src/app/layouts/site-footer.tsx',
  'apps/web/src/components/ui/**/*.tsx',
  'apps/web/src/features/i18n/**/*.{ts,tsx}',
  'apps/web/src/features/admissions/components/{admission-form,contact-form,contact-verification}.tsx',
  'apps/web/src/features/newsletter/components/**/*.tsx',
  'apps/web/src/features/courses/components/**/*.tsx',
  'apps/web/src/features/password-reset/components/**/*.tsx',
  'apps/web/src/features/auth/components/{login-form,sign-in-code-form}.tsx',
  'apps/web/src/features/settings/components/{office-contact,social-links}.tsx',
  // The signed-in areas (helper i18n-app): the shell, the student area and the features it uses.
  'apps/web/src/app/layouts/dashboard-*.tsx',
  'apps/web/src/app/layouts/user-menu.tsx',
  'apps/web/src/app/routes/student/**/*.tsx',
  'apps/web/src/app/routes/teacher/**/*.tsx',
  // Tests and marks (issue 23): every screen of the feature, the admin's too.
  'apps/web/src/app/routes/admin/exams/*.tsx',
  'apps/web/src/features/exams/**/*.{ts,tsx}',
  // Parents (issue 21): their area and the office's parent section.
  'apps/web/src/app/routes/parent/**/*.tsx',
  'apps/web/src/app/routes/admin/parent-*.tsx',
  'apps/web/src/features/parents/components/*.tsx',
  'apps/web/src/features/parents/relation-labels.ts',
  'apps/web/src/features/profile/components/*.tsx',
  'apps/web/src/features/notifications/components/*.tsx',
  'apps/web/src/features/teacher-students/components/*.tsx',
  'apps/web/src/components/ui/student-phone.tsx',
  'apps/web/src/features/notes/components/*.tsx',
  'apps/web/src/features/batches/components/{batch-overview,batch-roster}.tsx',
  'apps/web/src/features/announcements/components/{announcement-admin-list,announcement-board,announcement-details,announcement-reader-page,announcement-status-badge,status-filter-tiles}.tsx',
  'apps/web/src/features/attendance/components/{attendance-outbox,batch-attendance-history,mark-attendance-form,student-attendance-panel,student-attendance-section,attendance-calendar,attendance-monthly-chart,attendance-record-list,attendance-statistics,date-range-fields,monthly-chart,student-attendance-report}.tsx',
  'apps/web/src/features/batches/components/{today-classes,weekly-schedule-view}.tsx',
  'apps/web/src/features/calendar-feed/components/*.tsx',
  // The admin area's main screens (helper i18n-admin-1).
  'apps/web/src/app/routes/admin/{dashboard,profile}.tsx',
  'apps/web/src/app/routes/admin/{subject,standard,teacher,batch,student,announcement}-*.tsx',
  'apps/web/src/features/{admin-dashboard,subjects,standards,teachers,students,batches,attendance,announcements,profile}/components/*.tsx',
  'apps/web/src/features/admin-dashboard/dashboard-tiles.ts',
  // The office's screens (helper i18n-admin-2): registrations, backup, settings, activity and their features.
  'apps/web/src/app/routes/admin/registration-*.tsx',
  'apps/web/src/app/routes/admin/{backup,settings,activity}.tsx',
  'apps/web/src/app/routes/signed-in-not-found.tsx',
  'apps/web/src/features/admissions/components/*.tsx',
  'apps/web/src/features/admissions/enquiry-labels.ts',
  'apps/web/src/features/backups/components/*.tsx',
  'apps/web/src/features/settings/components/*.tsx',
  'apps/web/src/features/audit-log/components/*.tsx',
  'apps/web/src/features/jobs/components/*.tsx',
  'apps/web/src/components/ui/date-field.tsx',
  // Fees (issue 22): the admin's Fees screen and the fees features, in every language from the start.
  'apps/web/src/app/routes/admin/fees.tsx',
  'apps/web/src/features/fees/**/*.{ts,tsx}',
  // Messages to families (issue 37): the Messages screen, Settings → Messages and their labels.
  'apps/web/src/app/routes/admin/messages.tsx',
  'apps/web/src/features/messages/components/*.tsx',
  'apps/web/src/lib/message-labels.ts',
];

/*
 * Role checks outside apps/api/src/access/ (issue 36, item 2): `x.role === …`, `… !== x.role`, `role === …`,
 * `x?.role !== …`, `switch (x.role)`, `[…].includes(x.role)`, and reading `actor.role` at all.
 */
const ROLE_CHECK_MESSAGE = 'A role check is an access rule: put it in apps/api/src/access/ (a route rule in the policy table, or a record rule the service calls).';
const ROLE_CHECKS = [
  "BinaryExpression[left.property.name='role']",
  "BinaryExpression[right.property.name='role']",
  "BinaryExpression[left.expression.property.name='role']",
  "BinaryExpression[right.expression.property.name='role']",
  "BinaryExpression[left.name='role']",
  "BinaryExpression[right.name='role']",
  "SwitchStatement[discriminant.property.name='role']",
  "SwitchStatement[discriminant.expression.property.name='role']",
  "SwitchStatement[discriminant.name='role']",
  "CallExpression[callee.property.name='includes'] > .arguments MemberExpression[property.name='role']",
  "CallExpression[callee.property.name='includes'] > .arguments[property.name='role']",
  "CallExpression[callee.property.name='includes'] > Identifier.arguments[name='role']",
  // Any other use of the actor's role (a lookup table, an argument): comparisons are reported above.
  "MemberExpression[object.name='actor'][property.name='role']:not(BinaryExpression > MemberExpression)",
].map((selector) => ({ selector, message: ROLE_CHECK_MESSAGE }));

/**
 * Packages only some of the server's requests need (spreadsheets, PDFs, pictures, S3, uploads, mail, push): imported
 * where they are used (`await import('exceljs')`), so the server starts without them and its heap, which every
 * major garbage collection walks, does not carry them (docs/decisions/112-packages-loaded-when-first-used.md).
 * Their types may still be imported.
 */
const LOADED_WHEN_USED = ['@aws-sdk/client-s3', '@resvg/resvg-js', '@tus/file-store', '@tus/server', '@vscode/markdown-it-katex', 'exceljs', 'fontkit', 'markdown-it', 'nodemailer', 'pdfkit', 'sharp', 'svg-to-pdfkit', 'web-push'].map((name) => ({
  name,
  allowTypeImports: true,
  message: `Only some requests need ${name}: import it where it is used, await import('${name}') (docs/decisions/112-packages-loaded-when-first-used.md).`,
}));

const MODALS_IMPORT = { name: '@mantine/modals', message: 'Open dialogs with `modals` from lib/modals.ts.' };

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', 'data/**', 'playwright-report/**', 'test-results/**', 'apps/api/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,e2e,scripts,docs}/**/': 'KEBAB_CASE' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Dialogs open through lib/modals.ts, which waits for the provider the shell loads after its first
    // screen; Mantine's own `modals` would drop a dialog asked for before that.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/modals.ts', 'apps/web/src/app/layouts/shell-overlays.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [MODALS_IMPORT] }] },
  },
  {
    // Shared components serve every feature and so import none (issue 36, item 4): a piece one feature uses
    // lives in that feature; one that needs a feature's data takes it as props from the route (app/).
    files: ['apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [MODALS_IMPORT],
          patterns: [{ regex: '(^|/)features/', message: 'A shared component imports no feature: move it into the feature, or take the data as props from app/.' }],
        },
      ],
    },
  },
  {
    // The API's modules stand side by side (docs/decisions/026-domain-events.md): a module uses another
    // only through its public face, `modules/<name>/index.ts` (imported as '../<name>'), never its
    // services or other files. A side effect in another module is an event and a handler there, not a
    // call into its service. Tests may set up state through any module's files.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^./]+/.+$',
              message: "Import another module through its public face ('../<module>', its index.ts), and add what you need there; a side effect belongs in an event handler (docs/decisions/026-domain-events.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: LOADED_WHEN_USED }] },
  },
  {
    // Rules only in access/ (docs/decisions/010-access-layer.md, addendum): who may do what is decided
    // in apps/api/src/access/, never by a role check in a route, service or library. Giving a user a
    // role is data (`role: 'teacher'`) and stays allowed; comparing or switching on one is a rule.
    // Tests, the demo seed and the CLI create users of each role and are left out.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/access/**', 'apps/api/src/**/*.test.ts', 'apps/api/src/db/seed.ts', 'apps/api/src/cli.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ROLE_CHECKS] },
  },
  {
    files: TRANSLATED,
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            // One "word" that does not start with a capital: CSS values, props, keys, paths ('sm', '/login').
            '^(?![A-Z])\\S+$',
            // UPPERCASE constants and codes.
            '^[A-Z0-9_-]+$',
          ],
          ignoreNames: [
            { regex: { pattern: 'className', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_-]+$' } },
            'styleName', 'src', 'srcSet', 'type', 'id', 'width', 'height', 'displayName', 'href', 'to', 'rel', 'target',
            'autoComplete', 'inputMode', 'lang', 'dir', 'key', 'value', 'variant', 'color', 'size', 'c', 'fw', 'ta', 'tt',
            'queryKey', 'method', 'position', 'justify', 'align', 'gap', 'wrap', 'component', 'mode', 'fontFamily',
            // CSS values in style objects ('1 1 140px') and Mantine props of the same kind.
            'flex', 'border', 'borderTop', 'borderBottom', 'background', 'margin', 'padding', 'transition', 'transform', 'gridTemplateColumns', 'h', 'w', 'maw', 'miw', 'mah', 'download', 'accept', 'pattern', 'min', 'max', 'step', 'data-testid', 'name', 'dataKey', 'curveType', 'orientation', 'layout', 'radius', 'shadow', 'timeZone', 'visibleFrom', 'hiddenFrom', 'gridColumn', 'rootMargin', 'bottom', 'top', 'left', 'right', 'inset',
          ],
          ignoreFunctions: [
            'Error', 'console.*', '*.addEventListener', '*.removeEventListener', '*.getElementById', '*.querySelector',
            '*.querySelectorAll', '*.includes', '*.startsWith', '*.endsWith', 'apiRequest', 'apiRequestWithMessage',
            'useMediaQuery', 'useMediaQueryAfterHydration', '*.matchMedia', '*.matches', '*.querySelector', 'import', 'document.createElement', '*.setItem', '*.getItem', 'new URL',
          ],
          ignoreMethodsOnTypes: [],
        },
      ],
    },
  },
);
