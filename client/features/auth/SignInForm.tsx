import { Alert, Anchor, Checkbox, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useForm } from '@mantine/form';
import { zod4Resolver } from '../../lib/zodResolver';
import { M } from '../../../shared/messages/public';
import { ZSignIn, type TSignIn } from '../../../shared/schemas/auth';
import { showFormServerError } from '../../lib/formServerError';
import { readAppError } from '../../lib/appError';
import { ResendVerification } from './ResendVerification';
import { trpc } from '../../lib/trpc';
import type { PasswordVisibility } from './passwordVisibility';
import { useCompleteSignIn } from './useCompleteSignIn';
import { AuthForm, EmailField, PasswordField } from './AuthForm';

export function SignInForm({ visibility }: { visibility: PasswordVisibility }) {
  const completeSignIn = useCompleteSignIn();
  const signIn = trpc.auth.signIn.useMutation();
  /** Set when the verification gate refused this address: offer to send the link again. */
  const [unverified, setUnverified] = useState<string | null>(null);
  const form = useForm<TSignIn>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '', rememberMe: false },
    validate: zod4Resolver(ZSignIn),
  });

  const submit = form.onSubmit(async (values) => {
    const parsed = ZSignIn.safeParse(values);
    if (!parsed.success) return;
    setUnverified(null);
    try {
      const { user } = await signIn.mutateAsync(parsed.data);
      completeSignIn(user, M.auth.signInSuccess);
    } catch (err) {
      if (readAppError(err).appCode === 'EMAIL_NOT_VERIFIED') setUnverified(parsed.data.email);
      showFormServerError(form, err);
    }
  });

  return (
    <AuthForm onSubmit={submit} submitLabel={M.auth.signInButton} pending={signIn.isPending}>
      <EmailField key={form.key('email')} {...form.getInputProps('email')} />
      <PasswordField
        label={M.auth.password}
        autoComplete="current-password"
        visibility={visibility}
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
      <Group justify="space-between" wrap="nowrap">
        <Checkbox label={M.auth.rememberMe} key={form.key('rememberMe')} {...form.getInputProps('rememberMe', { type: 'checkbox' })} />
        <Anchor component={Link} to="/auth/forgot" size="sm">
          {M.auth.forgotPassword}
        </Anchor>
      </Group>
      {unverified && (
        <Alert color="orange" role="alert" title={M.auth.emailNotConfirmed}>
          <Stack gap="xs" align="flex-start">
            <span>{M.accounts.unverifiedNotice}</span>
            <ResendVerification email={unverified} variant="subtle" />
          </Stack>
        </Alert>
      )}
    </AuthForm>
  );
}
