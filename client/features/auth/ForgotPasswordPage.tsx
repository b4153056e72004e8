import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt, IconMailCheck } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { M } from '../../../shared/messages/public';
import { ZRequestPasswordReset, type TRequestPasswordReset } from '../../../shared/schemas/accounts';
import { showFormServerError } from '../../lib/formServerError';
import { usePageTitle } from '../../lib/pageTitle';
import { trpc } from '../../lib/trpc';
import { AuthCard } from './AuthCard';

/** /auth/forgot: "Şifremi unuttum". The answer never says whether the address has an account. */
export default function ForgotPasswordPage() {
  const A = M.accounts;
  usePageTitle(A.forgotTitle);
  const [sent, setSent] = useState(false);
  const request = trpc.auth.requestPasswordReset.useMutation();
  const form = useForm<TRequestPasswordReset>({ mode: 'uncontrolled', initialValues: { email: '' }, validate: zod4Resolver(ZRequestPasswordReset) });

  const submit = form.onSubmit(async (values) => {
    try {
      await request.mutateAsync(ZRequestPasswordReset.parse(values));
      setSent(true);
    } catch (err) {
      showFormServerError(form, err);
    }
  });

  return (
    <AuthCard title={A.forgotTitle} subtitle={sent ? undefined : A.forgotSubtitle}>
      {sent ? (
        <Stack>
          <Alert color="teal" icon={<IconMailCheck size={18} />} role="status">
            {A.forgotSent}
          </Alert>
          <Anchor component={Link} to="/auth" size="sm">
            {A.backToSignIn}
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={M.auth.email}
              placeholder={M.auth.emailPlaceholder}
              type="email"
              autoComplete="email"
              withAsterisk
              leftSection={<IconAt size={16} stroke={1.7} />}
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <Button type="submit" size="md" variant="gradient" fullWidth loading={request.isPending}>
              {A.forgotButton}
            </Button>
            <Anchor component={Link} to="/auth" size="sm" ta="center">
              {A.backToSignIn}
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
