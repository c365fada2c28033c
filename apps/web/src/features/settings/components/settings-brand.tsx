// The colour field's own styles, with Settings → Brand only (not on every page's first paint).
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorInput.css';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, ColorInput, FileInput, Group, Image, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { contrastWithWhite, darkerForWhiteText, DEFAULT_BRAND_COLOUR, LOGO_MAX_BYTES, MIN_CONTRAST_WITH_WHITE, SHORT_NAME_MAX, type PublicBrand } from '@academy/shared/brand';
import { showNotSaved, showSaved } from '../../../components/ui/save-notices';
import { SettingsPanel } from '../../../components/ui/settings-card';
import { fieldErrorsOf } from '../../../lib/api-client';
import { translateServerText } from '../../../lib/server-text';
import { usePublicSettings } from '../api';
import { useSaveBrand } from '../brand-api';

const HEX = /^#[0-9a-fA-F]{6}$/;
// A typographic sample of white letters on the colour, the same in every language
const CONTRAST_SAMPLE = 'Aa';

/** Settings → Brand (issue 78): the logo, the main colour and the name under the app's icon. */
export function BrandSection() {
  const settings = usePublicSettings();
  if (!settings.data) return null;
  return <BrandForm brand={settings.data.brand} academyName={settings.data.name} />;
}

function BrandForm({ brand, academyName }: { brand: PublicBrand; academyName: string }) {
  const { t } = useLingui();
  const { save, colour, setColour, shortName, setShortName, logo, setLogo, removeLogo, setRemoveLogo, errors, ratio, tooLight, suggestion, shownLogo, submit } = useBrandForm(brand);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="brand-title" data-testid="brand-form">
      <SettingsPanel
        titleId="brand-title"
        title={<Trans>Brand</Trans>}
        description={
          <Trans>
            Your logo and colour on the website, the app, the home screen icon, receipts and report cards. The colour must be dark enough for white text on it.
          </Trans>
        }
        section={false}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap="xs">
            <FileInput
              label={t`Logo`}
              description={t`PNG, JPEG or SVG, at most 2 MB. A square logo looks best on the home screen.`}
              placeholder={t`Choose a picture`}
              accept="image/png,image/jpeg,image/svg+xml"
              clearable
              value={logo}
              onChange={(file) => {
                setLogo(file);
                if (file) setRemoveLogo(false);
              }}
              error={errors.logo}
              data-testid="brand-logo"
            />
            <Paper withBorder radius="sm" p="sm" bg="gray.0" mih={96} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              {shownLogo ? (
                <Image src={shownLogo} alt={t`Logo preview`} mah={80} maw="100%" fit="contain" w="auto" data-testid="brand-logo-preview" />
              ) : (
                <Text size="sm" c="dimmed">
                  <Trans>No logo: the product&apos;s icon is used.</Trans>
                </Text>
              )}
            </Paper>
            {brand.logoUrl && !logo ? (
              <Checkbox label={t`Remove the logo`} checked={removeLogo} onChange={(event) => setRemoveLogo(event.currentTarget.checked)} />
            ) : null}
          </Stack>
          <Stack gap="xs">
            <ColorInput
              label={t`Main colour`}
              description={t`Buttons, the app's top bar and the home screen's theme. As #rrggbb.`}
              format="hex"
              value={colour}
              onChange={setColour}
              swatches={[DEFAULT_BRAND_COLOUR, '#1864ab', '#0b7285', '#087f5b', '#2b8a3e', '#c92a2a', '#a61e4d', '#862e9c', '#5f3dc4', '#e8590c', '#343a40']}
              swatchesPerRow={6}
              error={errors.colour}
              data-testid="brand-colour"
            />
            {ratio !== null ? <ContrastNote colour={colour} ratio={ratio} tooLight={tooLight} suggestion={suggestion} onUseSuggestion={setColour} /> : null}
            <TextInput
              label={t`Name under the app icon`}
              description={t`At most ${SHORT_NAME_MAX} characters, e.g. the first word of ${academyName}`}
              maxLength={SHORT_NAME_MAX + 8}
              value={shortName}
              onChange={(event) => setShortName(event.currentTarget.value)}
              error={errors.shortName}
              data-testid="brand-short-name"
            />
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            <Trans>Save brand</Trans>
          </Button>
        </Group>
      </SettingsPanel>
    </form>
  );
}

/**
 * The brand's fields, the logo's preview, the colour's contrast with white text (and a darker shade
 * when it is too light), checked before saving.
 */
function useBrandForm(brand: PublicBrand) {
  const { t } = useLingui();
  const save = useSaveBrand();
  const [colour, setColour] = useState(brand.colour);
  const [shortName, setShortName] = useState(brand.shortName);
  const [logo, setLogo] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const preview = useMemo(() => (logo ? URL.createObjectURL(logo) : null), [logo]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const validHex = HEX.test(colour);
  const ratio = validHex ? contrastWithWhite(colour.toLowerCase()) : null;
  const tooLight = ratio !== null && ratio < MIN_CONTRAST_WITH_WHITE;
  const suggestion = tooLight ? darkerForWhiteText(colour.toLowerCase()) : null;
  const shownLogo = preview ?? (removeLogo ? null : brand.logoUrl);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!validHex) found.colour = t`Enter the colour as # and six hex digits, e.g. #1864ab`;
    else if (tooLight) found.colour = t`This colour is too light for white text. Choose a darker shade, such as ${suggestion}`;
    if (shortName.trim() === '') found.shortName = t`Enter the name to show under the app icon`;
    else if (shortName.trim().length > SHORT_NAME_MAX) found.shortName = t`At most ${SHORT_NAME_MAX} characters`;
    if (logo && logo.size > LOGO_MAX_BYTES) found.logo = t`The logo is too large: at most 2 MB`;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const { message } = await save.mutateAsync({ colour, shortName: shortName.trim(), logo, removeLogo: removeLogo && !logo });
      setLogo(null);
      setRemoveLogo(false);
      showSaved(t`Brand saved`, message ? translateServerText(message) : t`The new logo and colour show on every screen.`);
    } catch (error) {
      setErrors(fieldErrorsOf(error) ?? {});
      showNotSaved(t`Brand not saved`, error, msg`The brand could not be saved`);
    }
  };

  return { save, colour, setColour, shortName, setShortName, logo, setLogo, removeLogo, setRemoveLogo, errors, ratio, tooLight, suggestion, shownLogo, submit };
}

type ContrastNoteProps = { colour: string; ratio: number; tooLight: boolean; suggestion: string | null; onUseSuggestion: (colour: string) => void };

/** White letters on the colour, and whether they read well; a darker shade to use when they do not. */
function ContrastNote({ colour, ratio, tooLight, suggestion, onUseSuggestion }: ContrastNoteProps) {
  return (
    <Alert color={tooLight ? 'red' : 'teal'} variant="light" p="xs" data-testid="brand-contrast" role={tooLight ? 'alert' : undefined}>
      <Group gap="xs" wrap="nowrap" align="center">
        {/* A sample of white letters on the colour: "Aa" is a typographic sample in every language. */}
        <Text span fw={700} c="white" px={8} py={2} style={{ background: colour, borderRadius: 4, flexShrink: 0 }} aria-hidden="true">
          {CONTRAST_SAMPLE}
        </Text>
        <Text size="sm">
          {tooLight ? (
            <Trans>
              Too light for white text (contrast {ratio.toFixed(1)}:1, at least 4.5:1 is needed).{' '}
              <Button variant="subtle" size="compact-sm" onClick={() => onUseSuggestion(suggestion!)}>
                Use {suggestion}
              </Button>
            </Trans>
          ) : (
            <Trans>White text reads well on it (contrast {ratio.toFixed(1)}:1).</Trans>
          )}
        </Text>
      </Group>
    </Alert>
  );
}
