import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';

const LETTERS = ['A', 'B', 'C', 'D', 'E'];

/** What the student marked on an unclear question: a letter (or blank), or for a numeric-answer one the number. Also the key sheet's settling. */
export function SettleChoices({ question, options, numeric, onAnswer, allowBlank = true }: { question: number; options: number; numeric: boolean; onAnswer: (answer: string | null) => void; allowBlank?: boolean }) {
  const { t } = useLingui();
  const [value, setValue] = useState('');
  const number = /^\d{1,4}$/.test(value.trim()) ? String(Number(value.trim())) : null;
  return (
    <Group gap={6} wrap="wrap" role="group" aria-label={t`Answer of question ${question}`} align="flex-end">
      {numeric ? (
        <>
          <TextInput label={t`Number marked`} inputMode="numeric" w={130} maxLength={4} value={value} onChange={(event) => setValue(event.currentTarget.value)} />
          <Button size="sm" disabled={number === null} onClick={() => number !== null && onAnswer(number)}>
            <Trans>Save</Trans>
          </Button>
        </>
      ) : (
        LETTERS.slice(0, options).map((letter) => (
          <Button key={letter} size="md" miw={48} variant="default" onClick={() => onAnswer(letter)}>
            {letter}
          </Button>
        ))
      )}
      {allowBlank ? (
        <Button size={numeric ? 'sm' : 'md'} variant="default" onClick={() => onAnswer(null)}>
          <Trans>Blank</Trans>
        </Button>
      ) : null}
    </Group>
  );
}
