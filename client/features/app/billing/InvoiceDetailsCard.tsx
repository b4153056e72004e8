import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from '../../../lib/zodResolver';
import { IconFileInvoice } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { M } from '../../../../shared/messages/public';
import { findPlan, isPaidPlan } from '../../../../shared/plans';
import { ZInvoiceDetails, type TInvoiceDetailsParsed } from '../../../../shared/schemas/billing';
import { showFormServerError } from '../../../lib/formServerError';
import { toastSuccess } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { usePlanCheckout } from '../../plans/usePlanCheckout';
import { usePlanPrices } from '../../plans/usePlanPrices';
import { formatNumber } from '../../../lib/format';

const invoiceText = M.invoiceDetails;

type Values = {
  kind: 'individual' | 'company';
  fullName: string;
  tckn: string;
  companyTitle: string;
  taxOffice: string;
  vkn: string;
  address: string;
  city: string;
};

const EMPTY: Values = { kind: 'individual', fullName: '', tckn: '', companyTitle: '', taxOffice: '', vkn: '', address: '', city: '' };

function toValues(d: TInvoiceDetailsParsed | null | undefined): Values {
  if (!d) return EMPTY;
  return d.kind === 'individual' ? { ...EMPTY, ...d } : { ...EMPTY, ...d };
}

/** The saved details as they are printed on invoices. */
function DetailsView({ d }: { d: TInvoiceDetailsParsed }) {
  const rows: [string, string][] =
    d.kind === 'individual'
      ? [
          [invoiceText.kind, invoiceText.individual],
          [invoiceText.fullName, d.fullName],
          [invoiceText.tckn, d.tckn],
        ]
      : [
          [invoiceText.kind, invoiceText.company],
          [invoiceText.companyTitle, d.companyTitle],
          [invoiceText.taxOffice, d.taxOffice],
          [invoiceText.vkn, d.vkn],
        ];
  rows.push([invoiceText.address, `${d.address} / ${d.city}`]);
  return (
    <Stack gap={6} data-testid="invoice-details-view">
      {rows.map(([k, v]) => (
        <Group key={k} gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed" w={130} style={{ flexShrink: 0 }}>
            {k}
          </Text>
          <Text size="sm" fw={500}>
            {v}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * Invoice details for e-Arşiv (issue 16 (docs/history.md)) on /app/billing: an individual (ad soyad, TCKN) or a
 * company (ünvan, vergi dairesi, VKN), address and city, checked by the same schema as the
 * server. Reached with `?plan=…` from a package button when none are saved: saving then goes on
 * to that package's checkout.
 */
export function InvoiceDetailsCard() {
  const utils = trpc.useUtils();
  const query = trpc.payments.invoiceDetails.useQuery(undefined, { staleTime: 30_000 });
  const save = trpc.payments.saveInvoiceDetails.useMutation();
  const checkout = usePlanCheckout();
  const prices = usePlanPrices();
  const [params] = useSearchParams();
  const pendingPlan = params.get('plan');
  const [editing, setEditing] = useState(false);
  const form = useForm<Values>({ mode: 'controlled', initialValues: EMPTY, validate: zod4Resolver(ZInvoiceDetails) });

  useEffect(() => {
    if (!query.isSuccess) return;
    const v = toValues(query.data);
    form.setValues(v);
    form.resetDirty(v);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.isSuccess, query.dataUpdatedAt]);

  const submit = form.onSubmit(async (values) => {
    const parsed = ZInvoiceDetails.safeParse(values);
    if (!parsed.success) return;
    try {
      const saved = await save.mutateAsync(parsed.data);
      utils.payments.invoiceDetails.setData(undefined, saved);
      toastSuccess(invoiceText.saved);
      setEditing(false);
      if (pendingPlan && isPaidPlan(pendingPlan)) await checkout.select(findPlan(pendingPlan)!);
    } catch (err) {
      showFormServerError(form, err);
    }
  });

  const showForm = editing || (query.isSuccess && !query.data);
  const company = form.values.kind === 'company';

  return (
    <Card id="fatura-bilgileri" data-testid="invoice-details">
      <Group justify="space-between" mb="md" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" color="grape" size={38} radius="md">
            <IconFileInvoice size={20} stroke={1.7} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz="lg">
              {invoiceText.title}
            </Title>
            <Text size="xs" c="dimmed">
              {invoiceText.subtitle}
            </Text>
          </div>
        </Group>
        {query.data && !editing && (
          // Never squeezed by the title beside it (it read "Düze" on a phone).
          <Button variant="light" size="xs" onClick={() => setEditing(true)} style={{ flexShrink: 0 }}>
            {invoiceText.edit}
          </Button>
        )}
      </Group>

      {pendingPlan && isPaidPlan(pendingPlan) && showForm && (
        <Alert color="blue" variant="light" mb="md" data-testid="details-first">
          <Text size="sm" fw={600} data-testid="details-first-plan">
            {/* Issue 38 item 3: which package and what it costs, before the seller types anything. */}
            {M.payments.detailsFor(
              findPlan(pendingPlan)!.name,
              M.credits.amount(formatNumber(findPlan(pendingPlan)!.credits)),
              prices.price(findPlan(pendingPlan)!) ?? '…',
              prices.suffix,
            )}
          </Text>
          <Text size="sm">{M.payments.detailsFirst}</Text>
        </Alert>
      )}

      {query.isPending ? (
        <Skeleton h={80} />
      ) : query.isError ? (
        <Text size="sm" c="red">
          {invoiceText.loadFailed}
        </Text>
      ) : showForm ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <SegmentedControl
              aria-label={invoiceText.kind}
              data={[
                { value: 'individual', label: invoiceText.individual },
                { value: 'company', label: invoiceText.company },
              ]}
              {...form.getInputProps('kind')}
            />
            {company ? (
              <>
                <TextInput label={invoiceText.companyTitle} required autoComplete="organization" {...form.getInputProps('companyTitle')} />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput label={invoiceText.taxOffice} required {...form.getInputProps('taxOffice')} />
                  <TextInput label={invoiceText.vkn} required inputMode="numeric" maxLength={10} {...form.getInputProps('vkn')} />
                </SimpleGrid>
              </>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput label={invoiceText.fullName} required autoComplete="name" {...form.getInputProps('fullName')} />
                <TextInput label={invoiceText.tckn} required inputMode="numeric" maxLength={11} {...form.getInputProps('tckn')} />
              </SimpleGrid>
            )}
            <Textarea
              label={invoiceText.address}
              required
              autosize
              minRows={2}
              autoComplete="street-address"
              {...form.getInputProps('address')}
            />
            <TextInput label={invoiceText.city} required autoComplete="address-level1" {...form.getInputProps('city')} />
            <Group justify="flex-end" gap="sm">
              {editing && (
                <Button
                  variant="default"
                  onClick={() => {
                    form.setValues(toValues(query.data));
                    setEditing(false);
                  }}
                >
                  {invoiceText.cancel}
                </Button>
              )}
              <Button type="submit" loading={save.isPending || !!checkout.pendingPlan}>
                {pendingPlan && isPaidPlan(pendingPlan) ? M.payments.continueToPayment : invoiceText.save}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : query.data ? (
        <DetailsView d={query.data} />
      ) : (
        <Text size="sm" c="dimmed">
          {invoiceText.empty}
        </Text>
      )}
    </Card>
  );
}
