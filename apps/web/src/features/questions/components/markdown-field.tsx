import { Box, Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useRef, useState, type FocusEventHandler } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { QUESTION_IMAGE_MAX_BYTES } from '@academy/shared/schemas/question-bank';
import { normalizeError } from '../../../lib/api-client';
import { MathMarkdown } from '../../../components/ui/math-markdown';
import { useUploadQuestionImage } from '../api';

interface MarkdownFieldProps {
  label: string;
  description?: React.ReactNode;
  withAsterisk?: boolean;
  minRows?: number;
  /** 'always': a preview under the field while it has text; 'math': only when it has math or a picture (options). */
  preview?: 'always' | 'math';
  /** A button that uploads a picture and writes ![](address) where the cursor is. */
  withPicture?: boolean;
  // The form's getInputProps: onChange takes the new text too.
  value: string;
  onChange: (value: string) => void;
  onFocus?: FocusEventHandler<HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLTextAreaElement>;
  error?: React.ReactNode;
}

const hasMathOrPicture = (text: string) => /\$|!\[/.test(text);

/**
 * A Markdown text with $…$ math (a question, an option, a solution): a growing text box, an "Add
 * picture" button, and the text as students will see it, rendered while typing.
 */
export function MarkdownField({ label, description, withAsterisk, minRows = 3, preview = 'always', withPicture = false, value, onChange, onFocus, onBlur, error }: MarkdownFieldProps) {
  const { t } = useLingui();
  const box = useRef<HTMLTextAreaElement>(null);
  const upload = useUploadQuestionImage();
  const [pictureError, setPictureError] = useState<string | null>(null);
  const resetPicker = useRef<() => void>(null);

  const addPicture = (file: File | null) => {
    resetPicker.current?.();
    setPictureError(null);
    if (!file) return;
    if (file.size > QUESTION_IMAGE_MAX_BYTES) {
      setPictureError(t`The picture is larger than 1 MB: take a smaller photo or crop it`);
      return;
    }
    // Where the cursor was when the button was pressed; the end of the text otherwise.
    const at = box.current?.selectionStart ?? value.length;
    upload.mutate(
      { file },
      {
        onSuccess: ({ data }) => {
          const before = value.slice(0, at);
          const after = value.slice(at);
          const picture = `${before && !before.endsWith('\n') ? '\n' : ''}![](${data.url})\n`;
          onChange(`${before}${picture}${after}`);
        },
        onError: (failure) => setPictureError(normalizeError(failure).message),
      },
    );
  };

  const showPreview = value.trim() !== '' && (preview === 'always' || hasMathOrPicture(value));
  return (
    <Stack gap={6}>
      <Textarea
        ref={box}
        label={label}
        description={description}
        withAsterisk={withAsterisk}
        autosize
        minRows={minRows}
        maxRows={14}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onFocus={onFocus}
        onBlur={onBlur}
        error={error}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-sm)' } }}
      />
      {withPicture ? (
        <Group gap="xs">
          <FileButton onChange={addPicture} accept="image/png,image/jpeg,image/webp" resetRef={resetPicker}>
            {(props) => (
              <Button {...props} size="compact-sm" variant="subtle" leftSection={<IconPhotoPlus size={16} aria-hidden="true" />} loading={upload.isPending}>
                <Trans>Add picture</Trans>
              </Button>
            )}
          </FileButton>
          {pictureError ? (
            <Text size="xs" c="red.8" role="alert">
              {pictureError}
            </Text>
          ) : null}
        </Group>
      ) : null}
      {showPreview ? (
        <Box p="xs" style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-sm)' }} aria-label={t`Preview of ${label}`} role="region">
          <Text size="xs" c="dimmed" mb={4}>
            <Trans>Preview</Trans>
          </Text>
          <MathMarkdown source={value} />
        </Box>
      ) : null}
    </Stack>
  );
}
