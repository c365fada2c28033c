import { Badge, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { LANGUAGE_NAMES } from '@academy/shared/languages';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { MESSAGES } from '@academy/shared/messages';
import { EARLIEST_FEE_DATE } from '@academy/shared/schemas/fees';
import { academySettingsInputSchema, MAX_LATE_JOINER_GRACE_DAYS, MAX_TESTIMONIALS, SAMPLE_ADDRESS, SAMPLE_OFFICE_HOURS, SAMPLE_PHONES, SAMPLE_TAGLINE } from '@academy/shared/schemas/settings';
import type { AcademySettings } from '@academy/shared/schemas/settings';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { useSaveSettings } from '../api';
import { timeZoneOptions, toSettingsFormValues } from '../settings-form';
import type { SettingsFormValues } from '../settings-form';
import { useEntityForm } from '../../../lib/use-entity-form';
import { DateField } from '../../../components/ui/date-field';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { translateServerText } from '../../../lib/server-text';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UseFormReturnType } from '@mantine/form';
import { SectionCard } from '../../../components/ui/section-card';
import { PhoneInput } from '../../../components/ui/phone-input';


/** A field still holding the code's sample words, marked so the owner replaces them. */
function SampleMark({ text }: { text: string }) {
  // Mantine's orange.9 is 4.3:1 on white; this brown keeps the warning's colour at 6:1 (WCAG AA).
  return (
    <Text span size="xs" c="#b03a00" data-sample="">
      <Badge component="span" size="xs" color="orange" variant="light" mr={6}>
        <Trans>Sample</Trans>
      </Badge>
      {text}
    </Text>
  );
}

/** The Settings sections this form's fields belong to (the page shows one section at a time, issue 73). */
export const SETTINGS_FORM_SECTIONS = ['academy', 'contact', 'public-site', 'payments'] as const;
export type SettingsFormSection = (typeof SETTINGS_FORM_SECTIONS)[number];

/** The section of a field path ("phones.0" → contact), for a failed save to open where the error is. */
export function sectionOfField(path: string): SettingsFormSection {
  const field = path.split('.')[0] ?? '';
  if (['phones', 'email', 'officeHours', 'location'].includes(field)) return 'contact';
  if (['socialLinks', 'testimonials'].includes(field)) return 'public-site';
  if (['paymentsLockedBefore', 'monthlyFeeTarget', 'lateJoinerGraceDays'].includes(field)) return 'payments';
  return 'academy';
}

/** The first field with an error in the order the form shows them. */
function firstErrorPath(errors: Record<string, unknown>): string | undefined {
  const ORDER = ['name', 'tagline', 'address', 'translations', 'timeZone', 'backupTime', 'phones', 'email', 'officeHours', 'location', 'socialLinks', 'testimonials', 'paymentsLockedBefore', 'monthlyFeeTarget', 'lateJoinerGraceDays'];
  const paths = Object.keys(errors).filter((path) => errors[path]);
  const rank = (path: string) => {
    const index = ORDER.indexOf(path.split('.')[0] ?? '');
    return index === -1 ? ORDER.length : index;
  };
  return paths.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'en', { numeric: true }))[0];
}

/**
 * The academy's details, checked with the shared settings schema before saving; the server's field
 * errors ("phones.1", "socialLinks.facebook") land on the same fields. One form and one save for the
 * sections it spans (Academy, Contact, Public site, Fees); the page shows one section at a time, and a
 * refused save opens the section of the first error, focuses that field and says so in a notification.
 */
export function SettingsForm({ settings, section, onShowSection, sectionTitles }: { settings: AcademySettings; section: string; onShowSection: (section: SettingsFormSection) => void; sectionTitles: Record<SettingsFormSection, string> }) {
  const shows = (name: SettingsFormSection) => section === name;
  const { form, onSubmit, saving } = useSettingsFormSave(settings, onShowSection, sectionTitles);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg" maw={880}>
        <AcademySection form={form} settings={settings} shown={shows('academy')} />
        <ContactSection form={form} settings={settings} shown={shows('contact')} />
        <PublicSiteSection form={form} shown={shows('public-site')} />
        <PaymentsSection form={form} shown={shows('payments')} />

        <Group justify="flex-end" display={SETTINGS_FORM_SECTIONS.some(shows) ? undefined : 'none'}>
          <Button type="submit" loading={saving}>
            <Trans>Save Settings</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type SettingsFormType = UseFormReturnType<SettingsFormValues>;
type SectionProps = { form: SettingsFormType; settings: AcademySettings; shown: boolean };

/** The form and its save; a refused save opens the section of the first error and focuses it. */
function useSettingsFormSave(settings: AcademySettings, onShowSection: (section: SettingsFormSection) => void, sectionTitles: Record<SettingsFormSection, string>) {
  const { t } = useLingui();
  /** After a refused save: the section of the first error, that field focused, and a notification naming it. */
  const showWhere = (errors: Record<string, unknown>, lead?: string) => {
    const path = firstErrorPath(errors);
    if (!path) return;
    const where = sectionOfField(path);
    onShowSection(where);
    notifications.show({ title: t`Settings not saved`, message: `${lead ? `${lead}. ` : ''}${t`Check ${sectionTitles[where]}: ${String(errors[path])}`}`, color: 'red' });
    // Every section stays mounted (hidden while another shows): wait, up to ~30 frames, until the field's section is
    // shown after the address changes, since a hidden field cannot take the focus.
    const focusField = (framesLeft: number) => {
      const field = document.querySelector<HTMLElement>(`[data-settings-section="${where}"] [aria-invalid="true"]`);
      if (!field || field.getClientRects().length === 0) {
        if (framesLeft > 0) window.requestAnimationFrame(() => focusField(framesLeft - 1));
        return;
      }
      field.scrollIntoView({ block: 'center' });
      field.focus({ preventScroll: true });
    };
    window.requestAnimationFrame(() => focusField(30));
  };
  const save = useSaveSettings();
  const { form, onSubmit, saving, markSaved } = useEntityForm({
    initialValues: toSettingsFormValues(settings) as SettingsFormValues,
    schema: academySettingsInputSchema,
    // What the schema makes of the values (trimmed, phones in one form) is what is sent; checked already.
    save: (values) => save.mutateAsync(academySettingsInputSchema.parse(values)),
    onSaved: ({ data, message }) => {
      // Show what was stored (phones as "+91 98…", links trimmed) and start clean from it.
      const saved = toSettingsFormValues(data);
      form.setValues(saved);
      form.resetDirty(saved);
      markSaved(saved);
      notifications.show({ title: t`Settings saved`, message: message ?? translateServerText(MESSAGES.settingsSaved), color: 'teal' });
    },
    onFailed: (error) => {
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors && Object.keys(fieldErrors).length > 0) showWhere(fieldErrors, normalizeError(error).message);
      else notifications.show({ title: t`Settings not saved`, message: normalizeError(error).message, color: 'red' });
    },
    onInvalid: (errors) => showWhere(errors),
  });
  return { form, onSubmit, saving };
}

/** A text still as the code wrote it (not the owner's words): marked, so it is replaced before families read it. */
function useSampleNote() {
  const { t } = useLingui();
  return t`Sample text: replace it with your own before families read it.`;
}
const isSample = (saved: string, sampleText: string) => saved.trim() === sampleText;

function AcademySection({ form, settings, shown }: SectionProps) {
  const { t } = useLingui();
  const sampleNote = useSampleNote();
  const zones = useMemo(() => timeZoneOptions(settings.timeZone), [settings.timeZone]);
  return (
    <Stack gap="lg" data-settings-section="academy" display={shown ? undefined : 'none'}>
      <SectionCard title={t`Academy`} description={t`Shown in the footer, on the about and contact pages, and in mails.`}>
        <TextInput label={t`Name`} withAsterisk key={form.key('name')} {...form.getInputProps('name')} />
        <TextInput
          label={t`Tagline`}
          description={isSample(settings.tagline, SAMPLE_TAGLINE) ? <SampleMark text={sampleNote} /> : t`One line about what the academy teaches.`}
          key={form.key('tagline')}
          {...form.getInputProps('tagline')}
        />
        <Textarea
          label={t`Address`}
          withAsterisk
          autosize
          minRows={2}
          maxRows={5}
          description={isSample(settings.address, SAMPLE_ADDRESS) ? <SampleMark text={sampleNote} /> : undefined}
          key={form.key('address')}
          {...form.getInputProps('address')}
        />
      </SectionCard>

      <SectionCard
        title={t`In Marathi and Hindi`}
        description={t`The public pages, mails and PDFs show these to families reading in that language. Leave a field empty to show the English one.`}
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {(['mr', 'hi'] as const).map((language) => {
            const languageName = LANGUAGE_NAMES[language];
            return (
            <Stack key={language} gap="sm" data-testid={`translations-${language}`}>
              <Title order={3} size="h5" lang={language}>
                {languageName}
              </Title>
              <TextInput label={t`Tagline in ${languageName}`} lang={language} key={form.key(`translations.${language}.tagline`)} {...form.getInputProps(`translations.${language}.tagline`)} />
              <Textarea label={t`Address in ${languageName}`} lang={language} autosize minRows={2} maxRows={5} key={form.key(`translations.${language}.address`)} {...form.getInputProps(`translations.${language}.address`)} />
              <TextInput label={t`Office hours in ${languageName}`} lang={language} key={form.key(`translations.${language}.officeHours`)} {...form.getInputProps(`translations.${language}.officeHours`)} />
            </Stack>
            );
          })}
        </SimpleGrid>
      </SectionCard>

      <SectionCard title={t`Time zone`} description={t`Decides what “today” means for batches, attendance and announcements.`}>
        <Select
          label={t`Time zone`}
          withAsterisk
          searchable
          allowDeselect={false}
          nothingFoundMessage={t`No such time zone`}
          data={zones}
          maw={360}
          key={form.key('timeZone')}
          {...form.getInputProps('timeZone')}
        />
      </SectionCard>

      <SectionCard title={t`Automatic backup`} description={t`A backup of everything is made every day at this time (academy time zone).`}>
        <TextInput label={t`Backup time`} type="time" withAsterisk maw={200} key={form.key('backupTime')} {...form.getInputProps('backupTime')} />
      </SectionCard>
    </Stack>
  );
}

function ContactSection({ form, settings, shown }: SectionProps) {
  const { t } = useLingui();
  const sampleNote = useSampleNote();
  const phoneLabels = [t`Phone 1`, t`Phone 2 (optional)`, t`Phone 3 (optional)`];
  return (
    <Stack gap="lg" data-settings-section="contact" display={shown ? undefined : 'none'}>
      <SectionCard title={t`Contact`} description={t`Families call these numbers and write to this email. One phone is enough; the website shows each number once.`}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {phoneLabels.map((label, index) => (
            <PhoneInput
              key={form.key(`phones.${index}`)}
              label={label}
              withAsterisk={index === 0}
              description={index === 0 && settings.phones.some((phone) => SAMPLE_PHONES.includes(phone)) ? <SampleMark text={t`Sample number: enter the academy's own.`} /> : undefined}
              autoComplete="off"
              placeholder="+91 98220 12345"
              {...form.getInputProps(`phones.${index}`)}
            />
          ))}
        </SimpleGrid>
        <TextInput label={t`Email`} withAsterisk type="email" inputMode="email" key={form.key('email')} {...form.getInputProps('email')} />
        <TextInput
          label={t`Office hours`}
          withAsterisk
          placeholder={t`Monday to Saturday 10:00 AM to 6:00 PM, Sunday closed`}
          description={isSample(settings.officeHours, SAMPLE_OFFICE_HOURS) ? <SampleMark text={sampleNote} /> : undefined}
          key={form.key('officeHours')}
          {...form.getInputProps('officeHours')}
        />
        <TextInput
          label={t`Map position (optional)`}
          description={t`In Google Maps, press and hold the academy's place and copy the two numbers shown. Search engines show the academy on the map with it.`}
          placeholder="18.4088, 76.5604"
          inputMode="decimal"
          autoComplete="off"
          key={form.key('location')}
          {...form.getInputProps('location')}
        />
      </SectionCard>
    </Stack>
  );
}

function PublicSiteSection({ form, shown }: Omit<SectionProps, 'settings'>) {
  const { t } = useLingui();
  const socialFields = [
    { key: 'facebook', label: t`Facebook page`, placeholder: 'https://facebook.com/…' },
    { key: 'instagram', label: t`Instagram profile`, placeholder: 'https://instagram.com/…' },
    { key: 'youtube', label: t`YouTube channel`, placeholder: 'https://youtube.com/@…' },
    { key: 'whatsapp', label: t`WhatsApp chat link`, placeholder: 'https://wa.me/91…' },
  ] as const;
  return (
    <Stack gap="lg" data-settings-section="public-site" display={shown ? undefined : 'none'}>
      <SectionCard title={t`Social links`} description={t`Full links starting with https://. Leave a field empty to hide that icon.`}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {socialFields.map((field) => (
            <TextInput
              key={form.key(`socialLinks.${field.key}`)}
              label={field.label}
              type="url"
              inputMode="url"
              placeholder={field.placeholder}
              {...form.getInputProps(`socialLinks.${field.key}`)}
            />
          ))}
        </SimpleGrid>
      </SectionCard>

      <SectionCard
        title={t`Testimonials`}
        description={t`What families say, with their permission. The home page shows this section only when there is at least one.`}
      >
        <Stack gap="md">
          {form.getValues().testimonials.map((_testimonial, index) => (
            <Paper key={form.key(`testimonials.${index}`)} withBorder radius="md" p="md">
              <Stack gap="sm">
                <Textarea label={t`Quote ${index + 1}`} withAsterisk autosize minRows={2} maxRows={6} {...form.getInputProps(`testimonials.${index}.quote`)} />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput label={t`Name`} withAsterisk {...form.getInputProps(`testimonials.${index}.name`)} />
                  <TextInput label={t`Who they are`} placeholder={t`Parent of a 10th student`} {...form.getInputProps(`testimonials.${index}.detail`)} />
                </SimpleGrid>
                <Group justify="flex-end">
                  <Button variant="subtle" color="red" size="compact-sm" onClick={() => form.removeListItem('testimonials', index)}>
                    <Trans>Remove testimonial {index + 1}</Trans>
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
          {form.getValues().testimonials.length < MAX_TESTIMONIALS ? (
            <Group>
              <Button variant="light" onClick={() => form.insertListItem('testimonials', { quote: '', name: '', detail: '' })}>
                <Trans>Add testimonial</Trans>
              </Button>
            </Group>
          ) : null}
        </Stack>
      </SectionCard>
    </Stack>
  );
}

function PaymentsSection({ form, shown }: Omit<SectionProps, 'settings'>) {
  const { t } = useLingui();
  const today = useAcademyToday();
  return (
    <Stack gap="lg" data-settings-section="payments" display={shown ? undefined : 'none'}>
      <SectionCard
        title={t`Fee payments`}
        description={t`Once the books of a period are closed, set the lock date: payments dated before it can no longer be recorded. Without one, payments may be dated from the start of the previous financial year (1 April).`}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateField
            label={t`Payments locked before`}
            min={EARLIEST_FEE_DATE}
            max={today}
            key={form.key('paymentsLockedBefore')}
            {...form.getInputProps('paymentsLockedBefore')}
          />
          <TextInput
            label={t`Monthly collection target (₹, optional)`}
            description={t`The dashboard sets each month's fees collected against it. Leave empty for none.`}
            inputMode="decimal"
            autoComplete="off"
            leftSection="₹"
            key={form.key('monthlyFeeTarget')}
            {...form.getInputProps('monthlyFeeTarget')}
          />
        </SimpleGrid>
        <NumberInput
          label={t`Grace for late joiners (days)`}
          description={t`A student who joins after some instalments were due pays them this many days after joining (unless the office pro-rates the fees when enrolling). 0 to 60.`}
          min={0}
          max={MAX_LATE_JOINER_GRACE_DAYS}
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          maw={260}
          key={form.key('lateJoinerGraceDays')}
          {...form.getInputProps('lateJoinerGraceDays')}
        />
      </SectionCard>
    </Stack>
  );
}
