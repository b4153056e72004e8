import { Anchor, Badge, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { MAIN_CONTENT_ID } from '../../common/SkipLink';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Link, useNavigate } from 'react-router-dom';
import { M } from '../../../../shared/messages/admin';
import { ZAdminLogin, type TAdminLogin } from '../../../../shared/schemas/auth';
import { showFormServerError } from '../../../lib/formServerError';
import { usePageTitle } from '../../site/pageTitle';
import { toastSuccess } from '../../../lib/toast';
import { resetRealtime, trpc } from '../../../lib/trpc';
import { BrandMark } from '../../common/BrandLogo';
import { AuthForm, EmailField, PasswordField } from '../../auth/AuthForm';

/** /admin/login: e-mail + password against the server (docs/decisions.md D11); no demo hint. */
export default function AdminLoginPage() {
  usePageTitle(M.titles.adminLogin);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const login = trpc.admin.login.useMutation();
  const [visible, { toggle }] = useDisclosure(false);
  const form = useForm<TAdminLogin>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: zod4Resolver(ZAdminLogin),
  });

  const submit = form.onSubmit(async (values) => {
    const parsed = ZAdminLogin.safeParse(values);
    if (!parsed.success) return;
    try {
      const { admin } = await login.mutateAsync(parsed.data);
      utils.admin.me.setData(undefined, (old) => ({ ...old, admin }));
      // The socket (if one is open) carries the previous identity: reopen it with the admin cookie.
      void resetRealtime();
      toastSuccess(M.admin.loginSuccess);
      void navigate('/admin', { replace: true });
    } catch (err) {
      showFormServerError(form, err, M.admin.loginFailed);
    }
  });

  return (
    <Center component="main" id={MAIN_CONTENT_ID} tabIndex={-1} mih="100dvh" p="md" className="vitrin-soft-bg">
      <Paper withBorder shadow="lg" p={{ base: 'lg', sm: 36 }} w="100%" maw={420}>
        <Stack gap="lg">
          <Stack gap={6} align="center" ta="center">
            <BrandMark size={48} />
            <Group gap={8} justify="center">
              <Title order={1} fz={24}>
                {M.admin.loginTitle}
              </Title>
              <Badge variant="light" color="grape" radius="sm">
                {M.admin.badge}
              </Badge>
            </Group>
            <Text c="dimmed" size="sm">
              {M.admin.loginSubtitle}
            </Text>
          </Stack>
          <AuthForm onSubmit={submit} submitLabel={M.admin.loginButton} pending={login.isPending} variant="filled">
            <EmailField placeholder={undefined} autoComplete="username" key={form.key('email')} {...form.getInputProps('email')} />
            <PasswordField
              label={M.auth.password}
              autoComplete="current-password"
              visibility={{ visible, toggle }}
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
          </AuthForm>
          <Anchor component={Link} to="/" size="sm" c="dimmed" ta="center">
            <Group gap={6} justify="center" component="span">
              <IconArrowLeft size={14} />
              {M.admin.backToSite}
            </Group>
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
