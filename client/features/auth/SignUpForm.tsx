import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt, IconBuildingStore, IconInfoCircle, IconLock, IconPhone, IconUser } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
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

/** The form holds an unticked box until the user accepts; the schema then requires `true`. */
type SignUpValues = Omit<TSignUp, 'acceptTerms' | 'companyName' | 'phone'> & {
  acceptTerms: boolean;
  companyName: string;
  phone: string;
};

function OptionalLabel({ label }: { label: string }) {
  return (
    <Group gap={6} component="span" wrap="nowrap">
      <span>{label}</span>
      <Text span size="xs" c="dimmed" fw={400}>
        {M.auth.optional}
      </Text>
    </Group>
  );
}

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

  const passwordProps = {
    withAsterisk: true,
    autoComplete: 'new-password',
    leftSection: <IconLock size={16} stroke={1.7} />,
    visible: visibility.visible,
    onVisibilityChange: visibility.toggle,
    visibilityToggleButtonProps: { 'aria-label': visibility.visible ? M.auth.hidePassword : M.auth.showPassword },
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
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
        <PasswordInput label={M.auth.password} {...passwordProps} key={form.key('password')} {...form.getInputProps('password')} />
        <PasswordInput
          label={M.auth.passwordRepeat}
          {...passwordProps}
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={<OptionalLabel label={M.auth.company} />}
            autoComplete="organization"
            leftSection={<IconBuildingStore size={16} stroke={1.7} />}
            key={form.key('companyName')}
            {...form.getInputProps('companyName')}
          />
          <TextInput
            label={<OptionalLabel label={M.auth.phone} />}
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
        <Button type="submit" size="md" variant="gradient" fullWidth loading={signUp.isPending}>
          {M.auth.signUpButton}
        </Button>
      </Stack>
    </form>
  );
}
