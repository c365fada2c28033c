import { IconLanguage } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@academy/shared/languages';
import { useLanguage } from '../../../lib/language';
import { useChangeLanguage } from '../use-change-language';
import classes from './language-switch.module.css';

/**
 * English / मराठी / हिन्दी in the public navbar: a native select, light on the first load (no combobox
 * or popover code) and the phone's own picker. Each name is written in its own language, so anyone
 * finds theirs.
 */
export function LanguageSwitch() {
  const { t } = useLingui();
  const language = useLanguage();
  const changeLanguage = useChangeLanguage();
  return (
    <span className={classes.wrapper}>
      <IconLanguage size={16} aria-hidden="true" className={classes.icon} />
      <select
        className={classes.select}
        aria-label={t`Language`}
        value={language}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isLanguage(next)) void changeLanguage(next);
        }}
      >
        {LANGUAGES.map((value) => (
          <option key={value} value={value} lang={value}>
            {LANGUAGE_NAMES[value]}
          </option>
        ))}
      </select>
    </span>
  );
}
