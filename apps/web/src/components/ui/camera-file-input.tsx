import type { Ref } from 'react';

interface CameraFileInputProps {
  ref: Ref<HTMLInputElement>;
  /** The kinds of file taken, e.g. "image/*". */
  accept: string;
  testId: string;
  /** The one file picked or photographed; the input is emptied, so the same file can be picked again. */
  onFile: (file: File | undefined) => void;
}

/** A hidden file input that opens the phone's back camera or its files; a button of the screen clicks it. */
export function CameraFileInput({ ref, accept, testId, onFile }: CameraFileInputProps) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      capture="environment"
      hidden
      data-testid={testId}
      onChange={(event) => {
        const file = event.currentTarget.files?.[0];
        event.currentTarget.value = '';
        onFile(file);
      }}
    />
  );
}
