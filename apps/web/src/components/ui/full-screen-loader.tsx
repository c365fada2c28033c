import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

/** Full-screen centred spinner with the hidden label "Loading..." (spec section 2). */
export function FullScreenLoader() {
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      <VisuallyHidden><Trans>Loading...</Trans></VisuallyHidden>
    </Center>
  );
}
