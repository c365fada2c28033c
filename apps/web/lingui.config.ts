import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/*
 * Two catalogs per language (docs/decisions/015-languages.md), so the public site never downloads the
 * signed-in areas' messages:
 *   public — the public routes (app/routes/public), the app frame (app/*.tsx), the public layout (navbar,
 *            footer), shared ui components, lib/, and the features the public pages use: admission form,
 *            newsletter, courses, password reset, sign-in, the language switch, the academy's contact details,
 *            and the note card and viewer (the Resources page).
 *   app    — the signed-in areas: app/routes/{admin,teacher,staff,student,parent}, the dashboard shell and its menu, and
 *            every other feature (they are used only there). Signed-in screens load both catalogs: `app`
 *            in chunks, each area's and each drawn first screen's own (build/area-messages.ts, decision 093).
 * A file belongs to exactly one catalog: the `app` globs below are the `public` catalog's excludes.
 */
const appOnly = [
  'src/app/routes/admin/**',
  'src/app/routes/teacher/**',
  'src/app/routes/student/**',
  'src/app/routes/parent/**',
  // Screens the admin and teacher areas share (app/area.tsx tells them apart).
  'src/app/routes/staff/**',
  // The announcement screens the teacher, student and parent areas share.
  'src/app/routes/reader/**',
  'src/app/routes/signed-in-not-found.tsx',
  'src/app/layouts/dashboard-*',
  'src/app/layouts/shell-overlays.tsx',
  'src/app/layouts/user-menu.tsx',
  'src/app/layouts/role-navigation.ts',
  // The list kit shows the admin's lists only (and keeps Mantine's Table out of the public pages).
  'src/components/list-kit/**',
  'src/components/detail-page/**',
  // The spreadsheet-import kit: registers, questions and bank statements, all signed-in work.
  'src/components/sheet-import/**',
  // A person's sign-in fields belong to the office's student and teacher forms.
  'src/components/ui/sign-in-fields.tsx',
  // Shared by several signed-in features, so in lib/ and components/, yet read only on signed-in screens.
  'src/components/ui/student-phone.tsx',
  // The confirm dialog and a form's Cancel and submit buttons: the office's and the staff's screens only.
  'src/components/ui/confirm-action.tsx',
  'src/components/ui/form-buttons.tsx',
  // A question's options as its author checks them: the question bank and a test's paper.
  'src/components/ui/question-options.tsx',
  'src/lib/message-labels.ts',
  'src/lib/gender.ts',
  'src/lib/state-names.ts',
  'src/features/admissions/components/enquiry-*',
  'src/features/admissions/enquiry-labels.ts',
  // Not settings-load-error: the public About and Contact pages show it.
  'src/features/settings/components/settings-!(load-error).tsx',
  'src/features/settings/settings-form.ts',
  // Notes are signed-in work, except the card and viewer the public Resources page shows too.
  'src/features/notes/*.ts',
  'src/features/notes/components/!(note-card|note-viewer-modal|pdf-document-view).tsx',
  // The platform operator's screens (issue 55): signed-in work at the base domain.
  'src/app/routes/operator/**',
  'src/features/!(admissions|newsletter|courses|password-reset|settings|auth|i18n|notes)/**',
];

// The policies' legal text is a catalog of its own, loaded with those three pages only: in `public` it
// would add its weight to every page of the site, the landing page included (npm run size).
const legalOnly = ['src/app/routes/public/{privacy-policy,terms-of-service,cookies-policy,legal-page-parts}.tsx'];

// The platform's own site (issue 55): its page and Start your academy, shown at the base domain only
// (the operator's screens, in app/routes/operator, are the `app` catalog's).
const platformOnly = ['src/platform/**'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'mr', 'hi'],
  fallbackLocales: { default: 'en' },
  // File names without line numbers, so a change elsewhere in a file does not touch every catalog.
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/public',
      include: ['<rootDir>/src'],
      exclude: [...appOnly.map((glob) => `<rootDir>/${glob}`), ...legalOnly.map((glob) => `<rootDir>/${glob}`), ...platformOnly.map((glob) => `<rootDir>/${glob}`), '**/*.test.ts'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/platform',
      include: platformOnly.map((glob) => `<rootDir>/${glob}`),
      exclude: ['**/*.test.ts'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/legal',
      include: legalOnly.map((glob) => `<rootDir>/${glob}`),
      exclude: ['**/*.test.ts'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/app',
      include: appOnly.map((glob) => `<rootDir>/${glob}`),
      exclude: ['**/*.test.ts'],
    },
  ],
});
