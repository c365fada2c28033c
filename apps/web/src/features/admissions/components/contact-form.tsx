import { Alert, Button, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { contactEnquiryInputSchema } from '@academy/shared/schemas/admissions';
import { showFieldErrors, normalizeError } from '../../../lib/api-client';
import { ENQUIRY_FAILURES, useSubmitContact } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';
import { PhoneInput } from '../../../components/ui/phone-input';

const EMPTY = { name: '', email: '', phone: '', message: '' };

/** The short message form of /contact: name, email or phone, message. It reaches the office's New Registrations. */
export function ContactForm() {
  const { t } = useLingui();
  const submit = useSubmitContact();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ mode: 'uncontrolled', initialValues: EMPTY, validate: schemaResolver(contactEnquiryInputSchema, { sync: true }) });

  const handleSubmit = form.onSubmit((values) => {
    setFailure(null);
    submit.mutate(values, {
      onSuccess: ({ message }) => {
        setSent(message ?? t`Thank you for your message. We will get back to you soon.`);
        form.reset();
      },
      onError: (error) => {
        showFieldErrors(form, error);
        setFailure(normalizeError(error, ENQUIRY_FAILURES.contact).message);
      },
    });
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="contact-form-heading">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="contact-form-heading">
            <Trans>Send us a message</Trans>
          </Title>
          {sent ? (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} aria-hidden="true" />} role="status" withCloseButton onClose={() => setSent(null)}>
              {sent}
            </Alert>
          ) : null}
          <TextInput label={t`Name`} withAsterisk autoComplete="name" key={form.key('name')} {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t`Email`} type="email" inputMode="email" autoComplete="email" key={form.key('email')} {...form.getInputProps('email')} />
            <PhoneInput
              label={t`Phone`}
              autoComplete="tel"
              placeholder="9822012345"
              key={form.key('phone')}
              {...form.getInputProps('phone')}
            />
          </SimpleGrid>
          <Textarea label={t`Message`} withAsterisk autosize minRows={3} maxRows={8} key={form.key('message')} {...form.getInputProps('message')} />
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Button type="submit" loading={submit.isPending} w="fit-content">
            <Trans>Send Message</Trans>
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
