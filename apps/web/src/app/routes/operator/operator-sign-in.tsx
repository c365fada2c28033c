import { Button, Center, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Navigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { MESSAGES } from '@academy/shared/messages';
import { operatorLoginInputSchema, type OperatorLoginInput } from '@academy/shared/schemas/operator';
import { RequestErrorAlert } from '../../../components/ui/request-error-alert';
import { checkedSubmit } from '../../../lib/checked-submit';
import { useOperator, useOperatorLogin } from './api';

/** /operator at the base domain: the platform operator signs in (issue 55). */
export function Component() {
  const { t } = useLingui();
  const operator = useOperator();
  const login = useOperatorLogin();
  const form = useForm<OperatorLoginInput>({ mode: 'uncontrolled', initialValues: { email: '', password: '' }, validate: schemaResolver(operatorLoginInputSchema, { sync: true }) });

  if (operator.isPending) {
    return (
      <Center mih="60dvh">
        <Loader aria-label={t`Loading`} />
      </Center>
    );
  }
  if (operator.data) return <Navigate to="/operator/academies" replace />;

  const handleSubmit = checkedSubmit(form, operatorLoginInputSchema, (input, handlers) => login.mutate(input, handlers));

  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              <Trans>Platform operator</Trans>
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              <Trans>Sign in to see every academy on this platform and suspend, resume or close one.</Trans>
            </Text>
          </div>
          <form onSubmit={handleSubmit} noValidate>
            <Stack gap="md">
              {login.isError ? <RequestErrorAlert error={login.error} fallback={MESSAGES.loginFailed} /> : null}
              <TextInput label={t`Email`} type="email" autoComplete="username" autoCapitalize="none" spellCheck={false} key={form.key('email')} {...form.getInputProps('email')} />
              <PasswordInput label={t`Password`} autoComplete="current-password" key={form.key('password')} {...form.getInputProps('password')} />
              <Button type="submit" loading={login.isPending} fullWidth>
                <Trans>Sign in</Trans>
              </Button>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </Center>
  );
}
