import { Alert, Button, Group, Paper, Stack, Stepper, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { admissionEnquiryFormSchema, admissionEnquiryPhoneFormSchema } from '@academy/shared/schemas/admissions';
import { showFieldErrors, normalizeError } from '../../../lib/api-client';
import { localizedErrors } from '../../../lib/server-text';
import { usePublicCourses } from '../../courses/api';
import { ADMISSION_DRAFT_KEY, ADMISSION_STEP_FIELDS, contactAddress, EMPTY_ADMISSION_FORM, readAdmissionDraft, toAdmissionPayload } from '../admission-form';
import type { AdmissionFormValues, VerifiedContact } from '../admission-form';
import { useSubmitAdmission } from '../api';
import type { VerificationState } from './contact-verification';
import { usePublicSettings } from '../../settings/api';
import classes from './admission-form.module.css';
import { keepFocus } from './keep-focus';
import { useMediaQueryAfterHydration } from '../../../lib/use-media-query';
import { AdmissionContactFields } from './admission-contact-fields';
import { AdmissionStudiesFields } from './admission-studies-fields';
import { AdmissionSent } from './admission-sent';
import { useAdmissionFocus } from './use-admission-focus';

/** The phone's storage, or nothing when the browser refuses it (private mode, full storage). */
function draftStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const LAST_STEP = ADMISSION_STEP_FIELDS.length - 1;

/**
 * A course chosen before the form (a course page's Apply, issue 41): its standard and subject, and a
 * message naming it. `key` tells one course from another: each is applied once.
 */
export type AdmissionPreselect = { key: string; standard: string; subject: string; message: string };

type AdmissionFormState = UseFormReturnType<AdmissionFormValues>;

/**
 * The kept draft is put back once after the first render, which is then the server's (the first step,
 * empty), so the page is taken over as drawn, whatever the runtime (decision 103). Whether it is back.
 */
function useKeptDraft(restore: (draft: NonNullable<ReturnType<typeof readAdmissionDraft>>) => void): boolean {
  const [draft] = useState(() => {
    const storage = draftStorage();
    return storage ? readAdmissionDraft(storage) : null;
  });
  const [restored, setRestored] = useState(draft === null);
  /* eslint-disable react-hooks/set-state-in-effect, react-hooks/exhaustive-deps -- once, after the server's first render */
  useLayoutEffect(() => {
    if (!draft) return;
    setRestored(true);
    restore(draft);
  }, []);
  /* eslint-enable react-hooks/set-state-in-effect, react-hooks/exhaustive-deps */
  return restored;
}

/**
 * The form's values, step, proof and result, kept as a draft on the phone: a reload or an evicted tab
 * comes back where the family was, verified email included (while valid).
 */
function useAdmissionState(onProveByChange: ((kind: VerifiedContact['kind']) => void) | undefined) {
  const [step, setStep] = useState(0);
  const [verified, setVerified] = useState<VerificationState>(null);
  // A family without email proves its phone instead (issue 37), when the academy sends codes by WhatsApp or SMS.
  const [proveBy, setProveBy] = useState<VerifiedContact['kind']>('email');
  // Read by the form's validation (made once by useForm): the schema of the chosen proof.
  const proveByRef = useRef(proveBy);
  useEffect(() => {
    proveByRef.current = proveBy;
    // The page beside the form promises a confirmation mail only to a family that proves an email.
    onProveByChange?.(proveBy);
  }, [proveBy, onProveByChange]);
  const [done, setDone] = useState<{ message: string; reference: string } | null>(null);
  const form = useForm<AdmissionFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_ADMISSION_FORM,
    validate: (values) => localizedErrors(schemaResolver(proveByRef.current === 'phone' ? admissionEnquiryPhoneFormSchema : admissionEnquiryFormSchema, { sync: true }))(values),
    validateInputOnBlur: true,
  });
  const restored = useKeptDraft((draft) => (form.setValues(draft.values), setStep(draft.step), setVerified(draft.verified), setProveBy(draft.verified?.kind ?? 'email')));

  useEffect(() => {
    const storage = draftStorage();
    if (!storage) return;
    try {
      if (done) storage.removeItem(ADMISSION_DRAFT_KEY);
      else storage.setItem(ADMISSION_DRAFT_KEY, JSON.stringify({ values: form.values, step, verified }));
    } catch {
      // Full storage: the form still works, only without the draft.
    }
  }, [form.values, step, verified, done]);

  const contactVerified = verified !== null && verified.kind === proveBy && verified.address === contactAddress(form.values, proveBy);
  return { form, step, setStep, verified, setVerified, proveBy, setProveBy, done, setDone, contactVerified, restored };
}

/**
 * A course's Apply: its standard, its subject (beside those already chosen in that standard) and,
 * when the family wrote none, a message naming the batch. Once the standards are known, once per course.
 */
function usePreselectedCourse(form: AdmissionFormState, preselect: AdmissionPreselect | null | undefined, restored: boolean) {
  const courses = usePublicCourses();
  const preselected = useRef<string | null>(null);
  const knownStandards = courses.data?.standards;
  useEffect(() => {
    if (!restored || !preselect || preselected.current === preselect.key) return;
    const standard = knownStandards?.find((candidate) => candidate._id === preselect.standard);
    if (!standard) return;
    preselected.current = preselect.key;
    const kept = form.values.standard === standard._id ? form.values.subjects : [];
    const taught = standard.subjects.some((subject) => subject._id === preselect.subject);
    form.setFieldValue('standard', standard._id);
    form.setFieldValue('subjects', taught && !kept.includes(preselect.subject) ? [...kept, preselect.subject] : kept);
    if (form.values.message.trim() === '') form.setFieldValue('message', preselect.message);
  }, [restored, preselect, knownStandards, form]);
}

type AdmissionState = ReturnType<typeof useAdmissionState>;

/**
 * Moving between the steps: Next checks the step's fields (and, on the first, that the contact is
 * proven: focus goes to Send code or the code field), and a refusal shows the step of its first field.
 */
function useStepNavigation({ form, step, setStep, contactVerified, proveBy }: AdmissionState, setFocusField: (field: string) => void) {
  const { t } = useLingui();
  const emailAction = useRef<HTMLElement | null>(null);

  /** Validates the fields of one step; true when they are all right. */
  const stepIsValid = (index: number) => {
    let firstBad: string | null = null;
    for (const field of ADMISSION_STEP_FIELDS[index] ?? []) {
      if (form.validateField(field).hasError) firstBad ??= field;
    }
    if (firstBad) setFocusField(firstBad);
    return firstBad === null;
  };

  const next = () => {
    if (!stepIsValid(step)) return;
    if (step === 0 && !contactVerified) {
      // Focus goes to what is needed now, Send code (or the code field), not back to the email. The
      // error is set after the move: leaving the email field checks it again, which would clear it.
      const action = emailAction.current;
      if (action) {
        action.scrollIntoView({ block: 'center' });
        action.focus({ preventScroll: true });
      } else setFocusField(proveBy);
      if (proveBy === 'email') form.setFieldError('email', t`Verify this email address with the code we mail you`);
      else form.setFieldError('phone', t`Verify this mobile number with the code we send you`);
      return;
    }
    setStep((current) => Math.min(current + 1, LAST_STEP));
  };

  /** Shows the step of the first field in error and focuses that field. */
  const showFirstError = (errors: Record<string, unknown>) => {
    for (const [index, fields] of ADMISSION_STEP_FIELDS.entries()) {
      const field = fields.find((name) => name in errors);
      if (field) {
        setStep(index);
        setFocusField(field);
        return;
      }
    }
  };

  return { emailAction, stepIsValid, next, showFirstError };
}

/** Sends the application; a used or expired proof goes back to the contact step, any other refusal to its field. */
function useSendApplication(state: AdmissionState, setFocusField: (field: string) => void, showFirstError: (errors: Record<string, unknown>) => void) {
  const { t } = useLingui();
  const { form, verified, contactVerified, setStep, setVerified, proveBy, setDone } = state;
  const [submitError, setSubmitError] = useState<string | null>(null);
  const submit = useSubmitAdmission();
  // Built when the form is sent (not during render): its callbacks set where focus goes.
  const handleSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.onSubmit((values) => {
      setSubmitError(null);
      if (!verified || !contactVerified) {
        setStep(0);
        return;
      }
      submit.mutate(toAdmissionPayload(values, verified), {
        onSuccess: ({ data, message }) => setDone({ message: message ?? t`Thank you! We have received your application.`, reference: data.reference }),
        onError: (error) => {
          const fieldErrors = showFieldErrors(form, error);
          if (fieldErrors?.verificationToken || fieldErrors?.phoneVerificationToken) {
            // The proof was used or expired: the email (or phone) must be verified again.
            setVerified(null);
            setStep(0);
            setFocusField(proveBy);
          } else if (fieldErrors) {
            showFirstError(fieldErrors);
          }
          // The server's message is in the page's language already; the fallback is ours.
          setSubmitError(normalizeError(error, t`Failed to send the application. Please try again.`).message);
        },
      });
    }, (errors) => showFirstError(errors))(event);
  return { handleSubmit, submitError, submitting: submit.isPending };
}

/** The last step: the address and the family's message. */
function AdmissionMessageFields({ form }: { form: AdmissionFormState }) {
  const { t } = useLingui();
  return (
    <Stack gap="md" mt="md">
      <Textarea label={t`Address`} autosize minRows={2} maxRows={5} {...form.getInputProps('address')} />
      <Textarea
        label={t`Message`}
        description={t`Preferred batch timings, questions about fees, anything we should know`}
        autosize
        minRows={3}
        maxRows={8}
        {...form.getInputProps('message')}
      />
    </Stack>
  );
}

/** Back (after the first step), and Next or, on the last step, Submit Application. */
function AdmissionStepButtons({ step, setStep, next, submitting }: { step: number; setStep: AdmissionState['setStep']; next: () => void; submitting: boolean }) {
  return (
    <Group justify="space-between">
      {step > 0 ? (
        <Button variant="default" onMouseDown={keepFocus} onClick={() => setStep((current) => current - 1)}>
          <Trans>Back</Trans>
        </Button>
      ) : (
        <span />
      )}
      {/* Different keys: React must not turn the clicked Next button into the submit button mid-click (that would send the form). */}
      {step < LAST_STEP ? (
        <Button key="next" onMouseDown={keepFocus} onClick={next}>
          <Trans>Next</Trans>
        </Button>
      ) : (
        <Button key="submit" type="submit" onMouseDown={keepFocus} loading={submitting}>
          <Trans>Submit Application</Trans>
        </Button>
      )}
    </Group>
  );
}

/**
 * The public admission form, in three steps on a phone's screen: contact (phone first, then the
 * email, proven with a mailed code), the student's studies, then address and message. Every step is
 * checked with the shared schema the server uses too.
 */
export function AdmissionForm({ onProveByChange, preselect }: { onProveByChange?: (kind: VerifiedContact['kind']) => void; preselect?: AdmissionPreselect | null } = {}) {
  const { t } = useLingui();
  const PHONE_HINT = t`10-digit mobile number, e.g. 98220 12345`;
  const STEP_TITLES = [t`Contact`, t`Studies`, t`Message`];
  const state = useAdmissionState(onProveByChange);
  const { form, step, setStep, verified, setVerified, proveBy, setProveBy, done, contactVerified } = state;
  const settings = usePublicSettings();
  // On a phone the three steps fit one row only without their descriptions.
  const narrow = useMediaQueryAfterHydration('(max-width: 36em)', false);
  const { panel, stepHeading, doneAlert, setFocusField } = useAdmissionFocus(form, step, done);
  usePreselectedCourse(form, preselect, state.restored);
  const { emailAction, stepIsValid, next, showFirstError } = useStepNavigation(state, setFocusField);
  const { handleSubmit, submitError, submitting } = useSendApplication(state, setFocusField, showFirstError);

  if (done) {
    return <AdmissionSent done={done} alertRef={doneAlert} />;
  }

  return (
    <Paper ref={panel} withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760}>
      <Title order={2} size="h4" mb="sm" ref={stepHeading} tabIndex={-1} className={classes.stepHeading}>
        <Trans>
          Step {step + 1} of {STEP_TITLES.length}: {STEP_TITLES[step]}
        </Trans>
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          // Enter in an earlier step moves on instead of sending.
          if (step < LAST_STEP) {
            event.preventDefault();
            next();
          } else handleSubmit(event);
        }}
      >
        <Stepper active={step} onStepClick={(index) => index < step && setStep(index)} size={narrow ? 'xs' : 'sm'} iconSize={narrow ? 26 : undefined}
          styles={narrow ? { steps: { justifyContent: 'space-between', flexWrap: 'nowrap' }, separator: { display: 'none' }, stepBody: { marginInlineStart: 6 } } : undefined}
          allowNextStepsSelect={false} mb="lg">
          <Stepper.Step label={t`Contact`} description={narrow ? undefined : t`Phone and email`}>
            <AdmissionContactFields
              form={form}
              phoneHint={PHONE_HINT}
              proveBy={proveBy}
              onProveByChange={setProveBy}
              canProveByPhone={settings.data?.phoneCodes === true}
              verified={verified}
              onVerified={setVerified}
              contactVerified={contactVerified}
              validateBeforeSend={() => stepIsValid(0)}
              actionRef={emailAction}
            />
          </Stepper.Step>

          <Stepper.Step label={t`Studies`} description={narrow ? undefined : t`Standard and subjects`}>
            <AdmissionStudiesFields form={form} phoneHint={PHONE_HINT} />
          </Stepper.Step>

          <Stepper.Step label={t`Message`} description={narrow ? undefined : t`Address and questions`}>
            <AdmissionMessageFields form={form} />
          </Stepper.Step>
        </Stepper>

        {submitError ? (
          <Alert color="red" variant="light" mb="md" role="alert">
            {submitError}
          </Alert>
        ) : null}

        <AdmissionStepButtons step={step} setStep={setStep} next={next} submitting={submitting} />
      </form>
    </Paper>
  );
}
