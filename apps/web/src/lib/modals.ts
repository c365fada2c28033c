import { modals as mantineModals } from '@mantine/modals';

// Mantine's dialogs open through window events that its ModalsProvider listens to. The provider (with
// the Modal code, about 25 KB gzipped) loads just after a signed-in screen is drawn
// (app/layouts/shell-overlays.tsx), so a dialog asked for before it is there waits for it
// instead of being lost.
let providerMounted: () => void = () => undefined;
const providerReady = new Promise<void>((resolve) => {
  providerMounted = resolve;
});

/** Called by the signed-in shell once Mantine's ModalsProvider is mounted. */
export function modalsProviderMounted(): void {
  providerMounted();
}

/** The app's only way to open a dialog: Mantine's `modals`, once its provider listens. */
export const modals = {
  openConfirmModal: (props: Parameters<typeof mantineModals.openConfirmModal>[0]): void => {
    void providerReady.then(() => mantineModals.openConfirmModal(props));
  },
  open: (props: Parameters<typeof mantineModals.open>[0]): void => {
    void providerReady.then(() => mantineModals.open(props));
  },
  closeAll: (): void => mantineModals.closeAll(),
};
