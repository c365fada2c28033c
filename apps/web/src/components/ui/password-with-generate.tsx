import { Button, PasswordInput, Stack, type PasswordInputProps } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { readablePassword } from '@academy/shared/readable-password';

/**
 * A password field with "Generate" under it (issue 42): a readable password (ten characters without
 * look-alikes, made with the browser's crypto.getRandomValues, sent nowhere until saved) is put in the
 * field and shown, so the office can read it out or print it on the sign-in slip.
 */
export function PasswordWithGenerate({ onGenerate, inputKey, ...props }: PasswordInputProps & { onGenerate: (password: string) => void; /** The form's key of the field (an uncontrolled form re-keys the input when a value is set). */ inputKey?: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <Stack gap={6}>
      <PasswordInput key={inputKey} {...props} visible={visible} onVisibilityChange={setVisible} autoComplete="new-password" />
      <Button
        variant="light"
        size="xs"
        style={{ alignSelf: 'flex-start' }}
        leftSection={<IconWand size={16} aria-hidden="true" />}
        onClick={() => {
          onGenerate(readablePassword());
          setVisible(true);
        }}
      >
        <Trans>Generate a password</Trans>
      </Button>
    </Stack>
  );
}
