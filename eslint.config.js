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
  // The three policies' legal text is not translated yet (English on every language's page).
  'apps/web/src/app/routes/public/!(privacy-policy|terms-of-service|cookies-policy).tsx',
  'apps/web/src/components/layouts/public-*.tsx',
  'apps/web/src/components/layouts/site-footer.tsx',
  'apps/web/src/components/ui/**/*.tsx',
  'apps/web/src/features/i18n/**/*.{ts,tsx}',
  'apps/web/src/features/admissions/components/{admission-form,contact-form,email-verification}.tsx',
  'apps/web/src/features/newsletter/components/**/*.tsx',
  'apps/web/src/features/courses/components/**/*.tsx',
  'apps/web/src/features/password-reset/components/**/*.tsx',
  'apps/web/src/features/auth/components/login-form.tsx',
  'apps/web/src/features/settings/components/{office-contact,social-links}.tsx',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'playwright-report/**', 'test-results/**', 'apps/api/drizzle/**'] },
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
          ],
          ignoreFunctions: [
            'Error', 'console.*', '*.addEventListener', '*.removeEventListener', '*.getElementById', '*.querySelector',
            '*.querySelectorAll', '*.includes', '*.startsWith', '*.endsWith', 'apiRequest', 'apiRequestWithMessage',
            'useMediaQuery', '*.matchMedia', '*.matches', '*.querySelector', 'import', 'document.createElement', '*.setItem', '*.getItem', 'new URL',
          ],
          ignoreMethodsOnTypes: [],
        },
      ],
    },
  },
);
