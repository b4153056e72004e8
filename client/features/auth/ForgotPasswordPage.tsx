import { Alert, Anchor, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { zod4Resolver } from '../../lib/zodResolver';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { M } from '../../../shared/messages/public';
import { ZRequestPasswordReset, type TRequestPasswordReset } from '../../../shared/schemas/accounts';
import { showFormServerError } from '../../lib/formServerError';
import { usePageTitle } from '../site/pageTitle';
import { trpc } from '../../lib/trpc';
import { AuthCard } from './AuthCard';
import { AuthForm, EmailField } from './AuthForm';

/** /auth/forgot: "Şifremi unuttum". The answer never says whether the address has an account. */
export default function ForgotPasswordPage() {
  const accountsText = M.accounts;
  usePageTitle(accountsText.forgotTitle);
  const [sent, setSent] = useState(false);
  const request = trpc.auth.requestPasswordReset.useMutation();
  const form = useForm<TRequestPasswordReset>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: zod4Resolver(ZRequestPasswordReset),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await request.mutateAsync(ZRequestPasswordReset.parse(values));
      setSent(true);
    } catch (err) {
      showFormServerError(form, err);
    }
  });

  return (
    <AuthCard title={accountsText.forgotTitle} subtitle={sent ? undefined : accountsText.forgotSubtitle}>
      {sent ? (
        <Stack>
          <Alert color="teal" icon={<IconMailCheck size={18} />} role="status">
            {accountsText.forgotSent}
          </Alert>
          <Anchor component={Link} to="/auth" size="sm">
            {accountsText.backToSignIn}
          </Anchor>
        </Stack>
      ) : (
        <AuthForm onSubmit={submit} submitLabel={accountsText.forgotButton} pending={request.isPending} after={<BackToSignIn />}>
          <EmailField key={form.key('email')} {...form.getInputProps('email')} />
        </AuthForm>
      )}
    </AuthCard>
  );
}

/** The link under the e-mailed-link forms. */
export function BackToSignIn() {
  return (
    <Anchor component={Link} to="/auth" size="sm" ta="center">
      {M.accounts.backToSignIn}
    </Anchor>
  );
}
