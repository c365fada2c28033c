import { SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { LANGUAGE_NAMES } from '@academy/shared/languages';
import { NotGiven } from './not-given';
import { useLanguage } from '../../lib/language';

type NamesValues = { names: { mr: string; hi: string } };

/** The form's starting `names` from a record's saved ones (empty: none, English shows). */
export function namesFormValues(names: { mr?: string; hi?: string } | undefined): NamesValues['names'] {
  return { mr: names?.mr ?? '', hi: names?.hi ?? '' };
}

/**
 * A standard's or subject's optional names in Marathi and Hindi (issue 42): students, parents and the
 * public site reading in that language see them instead of the English name. Empty shows the English one.
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- examples written in the field's own language, whatever the page's
const EXAMPLES = { standard: { mr: 'इयत्ता १० वी', hi: 'कक्षा 10' }, subject: { mr: 'गणित', hi: 'गणित' } } as const;

export function NamesInLanguagesFields<Values extends NamesValues>({ form, kind }: { form: UseFormReturnType<Values>; /** Whose names: the placeholders show an example of each. */ kind: 'standard' | 'subject' }) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {(['mr', 'hi'] as const).map((language) => {
        const languageName = LANGUAGE_NAMES[language];
        return (
          <TextInput
            key={form.key(`names.${language}`)}
            label={t`Name in ${languageName}`}
            description={t`Optional. Shown to those reading ${languageName}; empty shows the English name.`}
            placeholder={EXAMPLES[kind][language]}
            lang={language}
            autoComplete="off"
            {...form.getInputProps(`names.${language}`)}
          />
        );
      })}
    </SimpleGrid>
  );
}

/** A standard's or subject's names in Marathi and Hindi on its details page: each, or "Not given". */
export function NamesInLanguagesDetails({ names }: { names: { mr?: string; hi?: string } }) {
  const { t } = useLingui();
  return (['mr', 'hi'] as const).map((language) => {
    const languageName = LANGUAGE_NAMES[language];
    return (
      <div key={language}>
        <Text size="sm" c="dimmed">
          {t`Name in ${languageName}`}
        </Text>
        {names[language] ? (
          <Text component="div" fw={600} lang={language}>
            {names[language]}
          </Text>
        ) : (
          <NotGiven />
        )}
      </div>
    );
  });
}

/** Under a standard's or subject's English name in the office's lists: its name in the reader's language, when it has one. */
export function NameInReadersLanguage({ names }: { names: { mr?: string; hi?: string } }) {
  const language = useLanguage();
  const name = language === 'en' ? undefined : names[language];
  if (!name) return null;
  return (
    <Text size="sm" c="dimmed" lang={language}>
      {name}
    </Text>
  );
}
