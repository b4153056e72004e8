import { Anchor, Badge, Box, Container, Grid, List, Paper, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { M } from '../../../shared/messages/public';
import { usePageTitle } from '../site/pageTitle';
import { heroClaims } from '../site/claims';
import { useSite } from '../site/useSite';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

type Mode = 'signin' | 'signup';

/** /auth: sign in / sign up tabs; `?mode=signup` opens sign-up. */
export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'signup' ? 'signup' : 'signin';
  const [passwordVisible, { toggle }] = useDisclosure(false);
  const visibility = { visible: passwordVisible, toggle };
  const { site } = useSite();
  usePageTitle(mode === 'signup' ? M.titles.signUp : M.titles.auth);

  const setMode = (next: Mode) => setParams(next === 'signup' ? { mode: 'signup' } : {}, { replace: true });

  return (
    <Box className="vitrin-soft-bg" py={{ base: 'lg', sm: 56 }}>
      <Container size="lg">
        <Grid gutter={{ base: 'lg', md: 48 }} align="center">
          <Grid.Col span={{ base: 12, md: 6 }} visibleFrom="md">
            <Stack gap="lg" pr="xl">
              <Badge variant="light" size="lg" radius="sm" style={{ textTransform: 'none' }} w="fit-content">
                {M.landing.heroBadge}
              </Badge>
              <Title order={1} fz={40} style={{ letterSpacing: '-0.02em' }}>
                {M.landing.heroTitle}
              </Title>
              <Text c="dimmed" fz="lg">
                {M.landing.heroSubtitle}
              </Text>
              <List
                spacing="sm"
                icon={
                  <ThemeIcon size={24} radius="xl" variant="light" color="teal">
                    <IconCheck size={14} stroke={2.4} />
                  </ThemeIcon>
                }
              >
                {heroClaims(site.upscale4k).map((claim) => (
                  <List.Item key={claim}>{claim}</List.Item>
                ))}
              </List>
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 6 }}>
            <Paper withBorder shadow="lg" p={{ base: 'lg', sm: 36 }} maw={500} mx="auto">
              <Stack gap={4} mb="lg">
                <Title order={2} fz={{ base: 22, sm: 26 }}>
                  {mode === 'signup' ? M.auth.signUpTitle : M.auth.signInTitle}
                </Title>
                <Text c="dimmed" size="sm">
                  {mode === 'signup' ? M.auth.signUpSubtitle : M.auth.signInSubtitle}
                </Text>
              </Stack>

              <Tabs value={mode} onChange={(v) => setMode(v === 'signup' ? 'signup' : 'signin')} variant="pills" radius="md">
                <Tabs.List grow mb="lg">
                  <Tabs.Tab value="signin">{M.auth.signInTab}</Tabs.Tab>
                  <Tabs.Tab value="signup">{M.auth.signUpTab}</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="signin">
                  <SignInForm visibility={visibility} />
                </Tabs.Panel>
                <Tabs.Panel value="signup">
                  <SignUpForm visibility={visibility} />
                </Tabs.Panel>
              </Tabs>

              <Text size="sm" ta="center" mt="lg">
                {mode === 'signup' ? M.auth.haveAccount : M.auth.noAccount}{' '}
                <Anchor component="button" type="button" fw={600} onClick={() => setMode(mode === 'signup' ? 'signin' : 'signup')}>
                  {mode === 'signup' ? M.auth.switchToSignIn : M.auth.switchToSignUp}
                </Anchor>
              </Text>
              <Text size="sm" ta="center" c="dimmed" mt={6}>
                {M.auth.needHelp}{' '}
                <Anchor href={`mailto:${site.supportEmail}`} size="sm">
                  {M.auth.contactSupport}
                </Anchor>
              </Text>
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
