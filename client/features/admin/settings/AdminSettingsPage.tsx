import { Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { M } from '../../../../shared/messages/admin';
import { UNLIMITED_BALANCE } from '../../../../shared/constants';
import { CURRENCIES } from '../../../../shared/money';
import { ZAdminSettings, type TAdminSettings } from '../../../../shared/schemas/admin';
import { showFormServerError } from '../../../lib/formServerError';
import { toastSuccess } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { FullPageLoader } from '../../common/FullPageLoader';
import { QueryView } from '../../common/QueryView';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { formatDateTime } from '../../../lib/format';

const settingsText = M.adminSettings;

const EMPTY: TAdminSettings = {
  siteName: '',
  siteDescription: '',
  supportEmail: '',
  supportPhone: '',
  contactAddress: '',
  defaultTrialCredits: 0,
  maxCreditsPerUser: 1,
  imageCreditCost: 1,
  videoCreditCost: 1,
  maintenanceMode: false,
  allowRegistrations: true,
  emailNotifications: true,
  requireEmailVerification: false,
  priceTryBasic: 1,
  priceTryStandard: 1,
  priceTryPremium: 1,
  storageQuotaMb: 10,
  uploadRetentionDays: 1,
  currency: 'TRY',
  kdvRate: 0,
  invoicePrefix: '',
  companyTitle: '',
  companyTaxOffice: '',
  companyVkn: '',
  companyAddress: '',
  companyMersis: '',
  companyEmail: '',
  companyPhone: '',
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card padding="lg">
      <Title order={2} fz="md" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** /admin/settings: site, credit and system settings; each takes effect at once (docs/decisions.md D23). */
export default function AdminSettingsPage() {
  const utils = trpc.useUtils();
  const query = trpc.admin.settings.list.useQuery(undefined, { staleTime: 0, refetchOnWindowFocus: false });
  const save = trpc.admin.settings.save.useMutation();
  const form = useForm<TAdminSettings>({ mode: 'controlled', initialValues: EMPTY, validate: zod4Resolver(ZAdminSettings) });

  useEffect(() => {
    if (!query.data) return;
    form.setValues(query.data.values);
    form.resetDirty(query.data.values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.dataUpdatedAt]);

  const submit = form.onSubmit(async (values) => {
    const parsed = ZAdminSettings.safeParse(values);
    if (!parsed.success) return;
    try {
      const r = await save.mutateAsync(parsed.data);
      toastSuccess(r.changed.length ? settingsText.saved : settingsText.noChanges);
      await utils.admin.settings.list.invalidate();
      // Brand, contact details, costs and switches are read by every page.
      void utils.content.site.invalidate();
      void utils.admin.credits.list.invalidate();
    } catch (err) {
      showFormServerError(form, err, M.admin.settingsSaveFailed);
    }
  });

  const saveButton = (
    <Button
      type="submit"
      form="admin-settings"
      leftSection={<IconDeviceFloppy size={16} />}
      loading={save.isPending}
      disabled={!query.data || !form.isDirty()}
    >
      {settingsText.save}
    </Button>
  );
  const header = <AdminPageHeader title={M.admin.navSettings} subtitle={settingsText.subtitle} actions={saveButton} />;
  if (!query.data) {
    return (
      <>
        {header}
        <QueryView query={query} error={M.admin.settingsLoadFailed} minHeight="40vh">
          <FullPageLoader minHeight="40vh" />
        </QueryView>
      </>
    );
  }

  const num = { allowDecimal: false, allowNegative: false, thousandSeparator: '.', decimalSeparator: ',' } as const;
  const last = query.data.lastChange;
  return (
    <Stack gap="md" maw={960}>
      {header}
      {last && (
        <Text size="xs" c="dimmed" mt={-12}>
          {settingsText.lastUpdated(formatDateTime(last.at), last.by)}
        </Text>
      )}
      <form id="admin-settings" onSubmit={submit} noValidate>
        <Stack gap="md">
          <Section title={settingsText.siteSection}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label={settingsText.siteName} withAsterisk {...form.getInputProps('siteName')} />
                <TextInput label={settingsText.supportEmail} type="email" withAsterisk {...form.getInputProps('supportEmail')} />
                <TextInput label={settingsText.supportPhone} type="tel" {...form.getInputProps('supportPhone')} />
                <TextInput label={settingsText.contactAddress} {...form.getInputProps('contactAddress')} />
              </SimpleGrid>
              <Textarea label={settingsText.siteDescription} autosize minRows={2} maxRows={5} {...form.getInputProps('siteDescription')} />
            </Stack>
          </Section>
          <Section title={settingsText.creditSection}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NumberInput
                label={settingsText.defaultTrialCredits}
                description={settingsText.defaultTrialCreditsHint}
                min={0}
                max={10_000}
                {...num}
                {...form.getInputProps('defaultTrialCredits')}
              />
              <NumberInput
                label={settingsText.maxCreditsPerUser}
                description={settingsText.maxCreditsHint}
                min={1}
                max={UNLIMITED_BALANCE}
                {...num}
                {...form.getInputProps('maxCreditsPerUser')}
              />
              <NumberInput
                label={settingsText.imageCreditCost}
                description={settingsText.imageCreditCostHint}
                min={1}
                max={1000}
                {...num}
                {...form.getInputProps('imageCreditCost')}
              />
              <NumberInput
                label={settingsText.videoCreditCost}
                description={settingsText.videoCreditCostHint}
                min={1}
                max={1000}
                {...num}
                {...form.getInputProps('videoCreditCost')}
              />
            </SimpleGrid>
          </Section>
          <Section title={settingsText.paymentSection}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Select
                  label={settingsText.currency}
                  description={settingsText.currencyHint}
                  data={CURRENCIES.map((c) => ({ value: c, label: settingsText.currencyNames[c] }))}
                  allowDeselect={false}
                  {...form.getInputProps('currency')}
                />
                <NumberInput
                  label={settingsText.kdvRate}
                  description={settingsText.kdvRateHint}
                  min={0}
                  max={100}
                  suffix="%"
                  {...num}
                  {...form.getInputProps('kdvRate')}
                />
              </SimpleGrid>
              <Text size="sm" c="dimmed">
                {settingsText.priceTryHint}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                {(['Basic', 'Standard', 'Premium'] as const).map((p) => (
                  <NumberInput
                    key={p}
                    label={settingsText.priceTry(M.credits.planNames[p.toLowerCase()] ?? p)}
                    min={1}
                    max={1_000_000}
                    prefix="₺"
                    {...num}
                    {...form.getInputProps(`priceTry${p}`)}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          </Section>
          <Section title={settingsText.invoiceSection}>
            <Text size="sm" c="dimmed" mb="sm">
              {settingsText.invoiceHint}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={settingsText.companyTitle} autoComplete="organization" {...form.getInputProps('companyTitle')} />
              <TextInput label={settingsText.invoicePrefix} maxLength={3} {...form.getInputProps('invoicePrefix')} />
              <TextInput label={settingsText.companyTaxOffice} {...form.getInputProps('companyTaxOffice')} />
              <TextInput label={settingsText.companyVkn} inputMode="numeric" maxLength={11} {...form.getInputProps('companyVkn')} />
              <TextInput label={settingsText.companyMersis} inputMode="numeric" maxLength={16} {...form.getInputProps('companyMersis')} />
              <TextInput label={settingsText.companyAddress} {...form.getInputProps('companyAddress')} />
              <TextInput label={settingsText.companyEmail} type="email" autoComplete="email" {...form.getInputProps('companyEmail')} />
              <TextInput label={settingsText.companyPhone} type="tel" autoComplete="tel" {...form.getInputProps('companyPhone')} />
            </SimpleGrid>
          </Section>
          <Section title={settingsText.storageSection}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NumberInput
                label={settingsText.storageQuotaMb}
                description={settingsText.storageQuotaHint}
                min={10}
                max={1_000_000}
                {...num}
                {...form.getInputProps('storageQuotaMb')}
              />
              <NumberInput
                label={settingsText.uploadRetentionDays}
                description={settingsText.uploadRetentionHint}
                min={1}
                max={3650}
                {...num}
                {...form.getInputProps('uploadRetentionDays')}
              />
            </SimpleGrid>
          </Section>
          <Section title={settingsText.systemSection}>
            <Stack gap="lg">
              <Switch
                size="md"
                color="orange"
                label={settingsText.maintenanceMode}
                description={settingsText.maintenanceHint}
                {...form.getInputProps('maintenanceMode', { type: 'checkbox' })}
              />
              <Switch
                size="md"
                label={settingsText.allowRegistrations}
                description={settingsText.allowRegistrationsHint}
                {...form.getInputProps('allowRegistrations', { type: 'checkbox' })}
              />
              <Switch
                size="md"
                label={settingsText.emailNotifications}
                description={settingsText.emailNotificationsHint}
                {...form.getInputProps('emailNotifications', { type: 'checkbox' })}
              />
              <Switch
                size="md"
                label={settingsText.requireEmailVerification}
                description={settingsText.requireEmailVerificationHint}
                {...form.getInputProps('requireEmailVerification', { type: 'checkbox' })}
              />
            </Stack>
          </Section>
          <Group justify="flex-end">{saveButton}</Group>
        </Stack>
      </form>
    </Stack>
  );
}
