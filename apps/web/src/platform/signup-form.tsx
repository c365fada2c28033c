import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, Loader, PasswordInput, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '@academy/shared/languages';
import { academyVerificationInputSchema, createAcademyInputSchema, SLUG_PROBLEM_MESSAGES, slugProblem, suggestedSlug, type SlugAvailability } from '@academy/shared/schemas/academies';
import { fieldErrorsOf, serverMessageOf } from '../lib/api-client';
import { useLanguage } from '../lib/language';
import { translateServerText } from '../lib/server-text';
import { checkSlug, createAcademy, sendSignupCode } from './api';

type Fields = { ownerName: string; email: string; code: string; password: string; name: string; address: string; city: string; phone: string; slug: string };
type FieldName = keyof Fields;
type Errors = Partial<Record<FieldName, string>>;
type SetErrors = React.Dispatch<React.SetStateAction<Errors>>;
/** A field's change handler: `set('email')`. */
type SetField = (name: FieldName) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
type SlugState = { slug: string; result: SlugAvailability | 'checking' } | null;

/** The server's and the schema's field paths, as this form names its fields. */
const FIELD_OF: Record<string, FieldName> = {
  'owner.name': 'ownerName',
  'owner.email': 'email',
  'owner.password': 'password',
  email: 'email',
  code: 'code',
  name: 'name',
  city: 'city',
  address: 'address',
  phone: 'phone',
  slug: 'slug',
};

/** Lower case, spaces to hyphens: what most people mean when they type a web address. */
const asSlug = (typed: string) => typed.toLowerCase().replace(/\s+/g, '-');

/** After a refused start: the first field with an error, scrolled to and focused (a phone shows a third of the form). */
function focusFirstError() {
  window.requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('form [aria-invalid="true"]');
    field?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  });
}

/** The typed fields and their errors (a field's goes when it is typed in): the web address follows the name as it is typed (issue 73) until the owner edits it. */
function useSignupFields() {
  const [fields, setFields] = useState<Fields>({ ownerName: '', email: '', code: '', password: '', name: '', address: '', city: '', phone: '', slug: '' });
  const [slugEdited, setSlugEdited] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const set: SetField = (name) => (event) => {
    const value = name === 'slug' ? asSlug(event.currentTarget.value) : event.currentTarget.value;
    if (name === 'slug') setSlugEdited(value !== '');
    setFields((current) => ({ ...current, [name]: value, ...(name === 'name' && !slugEdited ? { slug: suggestedSlug(value) } : {}) }));
    setErrors((current) => ({ ...current, [name]: undefined, ...(name === 'name' && !slugEdited ? { slug: undefined } : {}) }));
  };
  return { fields, errors, setErrors, set };
}

/**
 * The address is checked as typed (after a short pause), first by the rules here, then by the server: the
 * rules' answer and "checking" follow the typing, the server's answer is kept for the address it was about.
 */
function useSlugCheck(typed: string): SlugState {
  const slug = typed.trim();
  const problem = slug === '' ? undefined : slugProblem(slug);
  // null: the server could not be asked (nothing is shown, the server checks again on start).
  const [answer, setAnswer] = useState<{ slug: string; result: SlugAvailability | null } | null>(null);
  useEffect(() => {
    if (slug === '' || problem) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      checkSlug(slug, controller.signal).then(
        (result) => setAnswer({ slug, result }),
        // Not when the address changed meanwhile (the check was called off): its own check follows.
        () => {
          if (!controller.signal.aborted) setAnswer({ slug, result: null });
        },
      );
    }, 300);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [slug, problem]);
  if (slug === '') return null;
  if (problem) return { slug, result: { available: false, reason: problem, message: SLUG_PROBLEM_MESSAGES[problem] } };
  if (answer?.slug !== slug) return { slug, result: 'checking' };
  return answer.result === null ? null : { slug, result: answer.result };
}

/** "Send code": the email checked here first, then a 6-digit code mailed to it; a refusal shows under the email. */
function useSendCode(email: string, setErrors: SetErrors) {
  const { t } = useLingui();
  const [codeNote, setCodeNote] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  async function sendCode() {
    setCodeNote(null);
    const parsed = academyVerificationInputSchema.safeParse({ email });
    if (!parsed.success) {
      setErrors((current) => ({ ...current, email: translateServerText(parsed.error.issues[0]?.message ?? '') }));
      return;
    }
    setSending(true);
    try {
      const sent = await sendSignupCode(parsed.data.email);
      setCodeNote(sent.message ?? t`We have sent a 6-digit code to your email.`);
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      setErrors((current) => ({ ...current, email: fieldErrors?.email, code: fieldErrors?.code }));
      if (!fieldErrors?.email && !fieldErrors?.code) setErrors((current) => ({ ...current, email: serverMessageOf(error) ?? t`The code could not be sent. Please try again.` }));
    } finally {
      setSending(false);
    }
  }
  return { codeNote, sending, sendCode };
}

/**
 * "Start my academy": the fields checked with the shared schema, then the academy made; a refusal shows
 * under its fields (the first one focused) or above the button.
 */
function useStartAcademy({ fields, language, slugState, setErrors }: { fields: Fields; language: Language; slugState: SlugState; setErrors: SetErrors }) {
  const { t } = useLingui();
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFormError(null);
    const input = {
      name: fields.name,
      slug: fields.slug.trim(),
      city: fields.city,
      address: fields.address,
      phone: fields.phone,
      language,
      owner: { name: fields.ownerName, email: fields.email, password: fields.password },
      code: fields.code,
    };
    const parsed = createAcademyInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF[issue.path.join('.')];
        if (field && !found[field]) found[field] = translateServerText(issue.message);
      }
      setErrors(found);
      focusFirstError();
      return;
    }
    if (slugState?.result !== 'checking' && slugState?.result.available === false) {
      setErrors({ slug: translateServerText(slugState.result.message ?? '') });
      return;
    }
    setSubmitting(true);
    try {
      const made = await createAcademy(input);
      // The server's welcome address signs the owner in and redirects to the dashboard, drawn by the server
      // in the academy's language (issue 73); the button keeps spinning until the page is replaced.
      window.location.assign(made.welcomeUrl);
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error) ?? {};
      const found: Errors = {};
      for (const [path, message] of Object.entries(fieldErrors)) {
        const field = FIELD_OF[path];
        if (field) found[field] = message;
      }
      setErrors(found);
      focusFirstError();
      if (Object.keys(found).length === 0) setFormError(serverMessageOf(error) ?? t`Your academy could not be started. Please try again.`);
      setSubmitting(false);
    }
  }
  return { formError, submitting, submit };
}

/** The web address as typed, shown as it will be (`shree.<base domain>`) with whether it is free, or why not. */
function SlugField({ slug, onChange, error, slugState }: { slug: string; onChange: ReturnType<SetField>; error: string | undefined; slugState: SlugState }) {
  const { t } = useLingui();
  const base = window.location.host;
  const slugResult = slugState?.result;
  const slugDescription =
    slug.trim() === '' ? (
      <Trans>Where families open your academy's website: small letters, digits and hyphens, like shree-classes.{base}</Trans>
    ) : (
      <Text span size="xs" c={slugResult !== 'checking' && slugResult?.available ? 'teal.8' : 'dimmed'} data-testid="slug-address">
        {slug.trim()}.{base}
        {slugResult === 'checking' ? <Loader size={10} ml={6} aria-hidden="true" /> : slugResult?.available ? <> — {t`available`}</> : null}
      </Text>
    );
  const slugError = error ?? (slugResult && slugResult !== 'checking' && !slugResult.available ? translateServerText(slugResult.message ?? '') : undefined);
  return (
    <TextInput
      label={t`Web address`}
      required
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      inputMode="url"
      value={slug}
      onChange={onChange}
      error={slugError}
      description={slugDescription}
      rightSection={<Text size="xs" c="dimmed" pr="xs">.{base}</Text>}
      rightSectionWidth={Math.min(200, 16 + base.length * 7)}
    />
  );
}

/** You: the owner's name, email (proved by a code sent to it) and password. */
function OwnerFields({ fields, errors, set, sendCode }: { fields: Fields; errors: Errors; set: SetField; sendCode: ReturnType<typeof useSendCode> }) {
  const { t } = useLingui();
  return (
    <>
      <Title order={2} size="h4">
        <Trans>You</Trans>
      </Title>
      <TextInput label={t`Your name`} required autoComplete="name" value={fields.ownerName} onChange={set('ownerName')} error={errors.ownerName} />
      <Stack gap={6}>
        <TextInput
          label={t`Email`}
          type="email"
          required
          autoComplete="email"
          value={fields.email}
          onChange={set('email')}
          error={errors.email}
          description={t`We send a code to it, and it is how you sign in.`}
        />
        <Group>
          <Button variant="light" loading={sendCode.sending} onClick={() => void sendCode.sendCode()}>
            <Trans>Send code</Trans>
          </Button>
        </Group>
      </Stack>
      {sendCode.codeNote ? (
        <Alert color="teal" variant="light" role="status">
          {sendCode.codeNote}
        </Alert>
      ) : null}
      <TextInput label={t`Code from the mail`} required inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={fields.code} onChange={set('code')} error={errors.code} />
      <PasswordInput label={t`Choose a password`} required autoComplete="new-password" value={fields.password} onChange={set('password')} error={errors.password} description={t`At least 8 characters, not a common one.`} />
    </>
  );
}

/** Your academy: its name, web address, street address, city and phone. */
function AcademyFields({ fields, errors, set, slugState }: { fields: Fields; errors: Errors; set: SetField; slugState: SlugState }) {
  const { t } = useLingui();
  return (
    <>
      <Title order={2} size="h4" mt="sm">
        <Trans>Your academy</Trans>
      </Title>
      <TextInput label={t`Academy name`} required autoComplete="organization" value={fields.name} onChange={set('name')} error={errors.name} />
      <SlugField slug={fields.slug} onChange={set('slug')} error={errors.slug} slugState={slugState} />
      <Textarea
        label={t`Street address`}
        description={t`Where families come to, as on a letter: it is shown on your website and receipts.`}
        required
        autosize
        minRows={2}
        autoComplete="street-address"
        value={fields.address}
        onChange={set('address')}
        error={errors.address}
      />
      <TextInput label={t`City`} required autoComplete="address-level2" value={fields.city} onChange={set('city')} error={errors.city} />
      <TextInput
        label={t`Academy phone`}
        description={t`The number families call: shown on your website and receipts.`}
        required
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="98220 12345"
        value={fields.phone}
        onChange={set('phone')}
        error={errors.phone}
      />
    </>
  );
}

/**
 * Start your academy (issue 55): the owner, their email proved by a code, the academy's name, city and
 * address (checked as typed, shown as it will be: `shree.<base domain>`) and language. On success the
 * browser goes to the academy's own address, where the owner arrives signed in.
 */
export function SignupForm() {
  const { t } = useLingui();
  const pageLanguage = useLanguage();
  const { fields, errors, setErrors, set } = useSignupFields();
  const [language, setLanguage] = useState<Language>(pageLanguage);
  const slugState = useSlugCheck(fields.slug);
  const sendCode = useSendCode(fields.email, setErrors);
  const { formError, submitting, submit } = useStartAcademy({ fields, language, slugState, setErrors });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          <Trans>Start your academy</Trans>
        </Title>
        <Text c="gray.7">
          <Trans>A few details, and your academy is ready at its own address. You can change everything later.</Trans>
        </Text>
      </Stack>
      <Card withBorder radius="md" padding="lg" component="form" onSubmit={submit} noValidate aria-label={t`Start your academy`}>
        <Stack gap="md">
          <OwnerFields fields={fields} errors={errors} set={set} sendCode={sendCode} />
          <AcademyFields fields={fields} errors={errors} set={set} slugState={slugState} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="signup-language">
              <Trans>Language of your academy</Trans>
            </Text>
            <SegmentedControl aria-labelledby="signup-language" value={language} onChange={(value) => setLanguage(value as Language)} data={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))} />
          </Stack>
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}
          <Button type="submit" size="md" loading={submitting}>
            <Trans>Start my academy</Trans>
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
