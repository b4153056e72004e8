import { Alert, Button, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt, IconBuildingStore, IconCircleCheck, IconSend, IconUser } from '@tabler/icons-react';
import { zod4Resolver } from '../../lib/zodResolver';
import { useState } from 'react';
import { M } from '../../../shared/messages/public';
import { ZContactMessage } from '../../../shared/schemas/contact';
import { showFormServerError } from '../../lib/formServerError';
import { trpc } from '../../lib/trpc';
import { OptionalLabel } from '../common/OptionalLabel';
import classes from './ContactForm.module.css';

type ContactValues = { name: string; email: string; company: string; message: string };
const EMPTY: ContactValues = { name: '', email: '', company: '', message: '' };

/** docs/decisions.md D19: the landing page contact form; creates a `contact_messages` row. */
export function ContactForm() {
  const [sent, setSent] = useState(false);
  const submit = trpc.content.submitContact.useMutation();
  const form = useForm<ContactValues>({
    mode: 'uncontrolled',
    initialValues: EMPTY,
    validate: zod4Resolver(ZContactMessage),
  });

  const onSubmit = form.onSubmit(async (values) => {
    const parsed = ZContactMessage.safeParse(values);
    if (!parsed.success) return;
    try {
      await submit.mutateAsync(parsed.data);
      form.reset();
      setSent(true);
    } catch (err) {
      showFormServerError(form, err, M.contact.sendFailed);
    }
  });

  if (sent) {
    return (
      <Stack gap="md" align="flex-start">
        <Alert variant="light" color="teal" radius="md" icon={<IconCircleCheck size={20} />} role="status" w="100%">
          {M.contact.success}
        </Alert>
        <Button variant="subtle" onClick={() => setSent(false)}>
          {M.contact.sendAnother}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={M.contact.formTitle}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={M.contact.name}
            placeholder={M.contact.namePlaceholder}
            autoComplete="name"
            withAsterisk
            leftSection={<IconUser size={16} stroke={1.7} />}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={M.contact.email}
            placeholder={M.contact.emailPlaceholder}
            type="email"
            autoComplete="email"
            withAsterisk
            leftSection={<IconAt size={16} stroke={1.7} />}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
        <TextInput
          label={<OptionalLabel label={M.contact.company} note={M.contact.optional} />}
          placeholder={M.contact.companyPlaceholder}
          autoComplete="organization"
          leftSection={<IconBuildingStore size={16} stroke={1.7} />}
          key={form.key('company')}
          {...form.getInputProps('company')}
        />
        <Textarea
          label={M.contact.message}
          placeholder={M.contact.messagePlaceholder}
          withAsterisk
          autosize
          minRows={4}
          maxRows={10}
          key={form.key('message')}
          {...form.getInputProps('message')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={submit.isPending} rightSection={<IconSend size={16} stroke={1.8} />} className={classes.submit}>
            {M.contact.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
