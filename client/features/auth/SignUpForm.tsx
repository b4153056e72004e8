import { Alert, Anchor, Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingStore, IconInfoCircle, IconPhone, IconUser } from '@tabler/icons-react';
import { zod4Resolver } from '../../lib/zodResolver';
import { M } from '../../../shared/messages/public';
import { LEGAL_PAGES } from '../../../shared/legal';
import { ZSignUp, type TSignUp } from '../../../shared/schemas/auth';
import { showFormServerError } from '../../lib/formServerError';
import { trpc } from '../../lib/trpc';
import { toastInfo, toastSuccess } from '../../lib/toast';
import { useNavigate } from 'react-router-dom';
import { useSite } from '../site/useSite';
import type { PasswordVisibility } from './passwordVisibility';
import { useCompleteSignIn } from './useCompleteSignIn';
import { OptionalLabel } from '../common/OptionalLabel';
import { AuthForm, EmailField, NewPasswordFields } from './AuthForm';

/** The form holds an unticked box until the user accepts; the schema then requires `true`. */
type SignUpValues = Omit<TSignUp, 'acceptTerms' | 'companyName' | 'phone'> & {
  acceptTerms: boolean;
  companyName: string;
  phone: string;
};

export function SignUpForm({ visibility }: { visibility: PasswordVisibility }) {
  const { site } = useSite();
  const completeSignIn = useCompleteSignIn();
  const navigate = useNavigate();
  const signUp = trpc.auth.signUp.useMutation();
  const form = useForm<SignUpValues>({
    mode: 'uncontrolled',
    initialValues: {
      fullName: '',
      email: '',
      password: '',
      confirmPassword: '',
      companyName: '',
      phone: '',
      acceptTerms: false,
      rememberMe: false,
    },
    validate: zod4Resolver(ZSignUp),
  });

  const submit = form.onSubmit(async (values) => {
    const parsed = ZSignUp.safeParse(values);
    if (!parsed.success) return;
    try {
      const { user, verificationRequired } = await signUp.mutateAsync(parsed.data);
      if (user && !verificationRequired) return completeSignIn(user, M.auth.signUpSuccess);
      // The verification gate is on: no session until the e-mailed link is used.
      toastSuccess(M.auth.signUpSuccess);
      toastInfo(M.accounts.verifyBeforeSignIn, 'verify-first');
      void navigate('/auth', { replace: true });
    } catch (err) {
      showFormServerError(form, err);
    }
  });

  return (
    <AuthForm onSubmit={submit} submitLabel={M.auth.signUpButton} pending={signUp.isPending}>
      {!site.allowRegistrations && (
        <Alert variant="light" color="orange" icon={<IconInfoCircle size={18} />}>
          {M.auth.signupsDisabled}
        </Alert>
      )}
      <TextInput
        label={M.auth.fullName}
        autoComplete="name"
        withAsterisk
        leftSection={<IconUser size={16} stroke={1.7} />}
        key={form.key('fullName')}
        {...form.getInputProps('fullName')}
      />
      <EmailField key={form.key('email')} {...form.getInputProps('email')} />
      <NewPasswordFields form={form} visibility={visibility} labels={{ password: M.auth.password, repeat: M.auth.passwordRepeat }} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label={<OptionalLabel label={M.auth.company} note={M.auth.optional} />}
          autoComplete="organization"
          leftSection={<IconBuildingStore size={16} stroke={1.7} />}
          key={form.key('companyName')}
          {...form.getInputProps('companyName')}
        />
        <TextInput
          label={<OptionalLabel label={M.auth.phone} note={M.auth.optional} />}
          type="tel"
          autoComplete="tel"
          leftSection={<IconPhone size={16} stroke={1.7} />}
          key={form.key('phone')}
          {...form.getInputProps('phone')}
        />
      </SimpleGrid>
      <Checkbox
        label={
          // Reads exactly as M.auth.termsLabel, with the two documents linked (opened in a new tab
          // so the half-filled form stays).
          <span>
            <Anchor href={LEGAL_PAGES.terms.path} target="_blank" rel="noopener" inherit>
              {M.legal.termsLinkTerms}
            </Anchor>
            {M.legal.termsAnd}
            <Anchor href={LEGAL_PAGES.privacy.path} target="_blank" rel="noopener" inherit>
              {M.legal.termsLinkPrivacy}
            </Anchor>
            {M.legal.termsTail}
          </span>
        }
        required
        key={form.key('acceptTerms')}
        {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
      />
      <Checkbox label={M.auth.rememberMe} key={form.key('rememberMe')} {...form.getInputProps('rememberMe', { type: 'checkbox' })} />
    </AuthForm>
  );
}
