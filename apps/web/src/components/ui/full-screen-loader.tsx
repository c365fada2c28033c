import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Full-screen centred spinner with the hidden label "Loading..." (spec section 2). */
export function FullScreenLoader() {
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      <VisuallyHidden>Loading...</VisuallyHidden>
    </Center>
  );
}
