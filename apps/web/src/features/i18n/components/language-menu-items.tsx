import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';
import { LANGUAGE_NAMES, LANGUAGES } from '@academy/shared/languages';
import { useLanguage } from '../../../lib/language';
import { useChangeLanguage } from '../use-change-language';

/** The language choice inside the signed-in user menu: one item per language, the current one ticked. */
export function LanguageMenuItems() {
  const language = useLanguage();
  const changeLanguage = useChangeLanguage();
  return (
    <>
      <Menu.Label>
        <Trans>Language</Trans>
      </Menu.Label>
      {LANGUAGES.map((value) => (
        <Menu.Item
          key={value}
          lang={value}
          aria-current={value === language ? 'true' : undefined}
          rightSection={value === language ? <IconCheck size={14} aria-hidden="true" /> : null}
          onClick={() => void changeLanguage(value)}
        >
          {LANGUAGE_NAMES[value]}
        </Menu.Item>
      ))}
    </>
  );
}
