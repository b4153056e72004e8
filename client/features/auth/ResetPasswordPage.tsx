import { Alert, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { M } from '../../../shared/messages/public';
import { ZResetPassword, type TResetPassword } from '../../../shared/schemas/accounts';
import { readAppError } from '../../lib/appError';
import { showFormServerError } from '../../lib/formServerError';
import { usePageTitle } from '../site/pageTitle';
import { toastSuccess } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { FullPageLoader } from '../common/FullPageLoader';
import { AuthCard } from './AuthCard';
import { AuthForm, NewPasswordFields } from './AuthForm';
import { BackToSignIn } from './ForgotPasswordPage';

/**
 * /auth/reset/:token — the link from the e-mail. The server sends `Referrer-Policy: no-referrer`,
 * and this page loads nothing from other sites, so the token never leaves in a Referer header.
 */
export default function ResetPasswordPage() {
  const accountsText = M.accounts;
  usePageTitle(accountsText.resetTitle);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [visible, { toggle }] = useDisclosure(false);
  const visibility = { visible, toggle };
  const check = trpc.auth.checkResetToken.useQuery({ token }, { retry: false, staleTime: Infinity });
  const reset = trpc.auth.resetPassword.useMutation();
  const form = useForm<Omit<TResetPassword, 'token'>>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: (values) => {
      const parsed = ZResetPassword.safeParse({ ...values, token });
      if (parsed.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (key && key !== 'token' && !errors[key]) errors[key] = issue.message;
      }
      return errors;
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await reset.mutateAsync({ token, ...values });
      toastSuccess(accountsText.resetSuccess);
      void navigate('/auth', { replace: true });
    } catch (err) {
      showFormServerError(form, err);
      if (readAppError(err).message === accountsText.resetInvalid) void check.refetch();
    }
  });

  if (check.isLoading) return <FullPageLoader />;
  const invalid = check.data?.valid === false || (check.error && !readAppError(check.error).network);

  return (
    <AuthCard title={accountsText.resetTitle} subtitle={invalid ? undefined : accountsText.resetSubtitle}>
      {invalid ? (
        <Stack>
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
            {accountsText.resetInvalid}
          </Alert>
          <Button component={Link} to="/auth/forgot" variant="light">
            {accountsText.requestNewLink}
          </Button>
        </Stack>
      ) : (
        <AuthForm onSubmit={submit} submitLabel={accountsText.resetButton} pending={reset.isPending} after={<BackToSignIn />}>
          <NewPasswordFields
            form={form}
            visibility={visibility}
            labels={{ password: M.profile.newPassword, repeat: M.profile.newPasswordRepeat }}
          />
        </AuthForm>
      )}
    </AuthCard>
  );
}
