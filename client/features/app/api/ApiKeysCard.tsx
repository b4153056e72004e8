import { Button, Group, Input, Modal, SegmentedControl, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { M } from '../../../../shared/messages/app';
import { ApiKeyModeBadge } from '../../common/ApiKeyModeBadge';
import { QueryView } from '../../common/QueryView';
import { SectionCard } from '../../common/SectionCard';
import { ZApiKeyCreate } from '../../../../shared/schemas/api';
import { formatDateTime } from '../../../lib/format';
import { toastServerError, toastSuccess } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { ShownOnce } from './ShownOnce';

/** The seller's active keys: create a live or test key (the key is shown once), list by prefix and kind, revoke. */
export function ApiKeysCard() {
  const utils = trpc.useUtils();
  const keys = trpc.apiKeys.list.useQuery();
  const create = trpc.apiKeys.create.useMutation();
  const revoke = trpc.apiKeys.revoke.useMutation();
  const [name, setName] = useState('');
  const [mode, setMode] = useState<'live' | 'test'>('live');
  const [nameError, setNameError] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);

  const submit = async () => {
    const parsed = ZApiKeyCreate.safeParse({ name, mode });
    if (!parsed.success) return setNameError(parsed.error.issues[0]?.message ?? null);
    setNameError(null);
    try {
      const created = await create.mutateAsync(parsed.data);
      setName('');
      setShown(created.key);
      await utils.apiKeys.list.invalidate();
    } catch (err) {
      toastServerError(err);
    }
  };

  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync({ id: revoking.id });
      toastSuccess(M.api.revoked);
      setRevoking(null);
      await utils.apiKeys.list.invalidate();
    } catch (err) {
      toastServerError(err);
    }
  };

  return (
    <SectionCard title={M.api.keysTitle}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={M.api.keyName}
            placeholder={M.api.keyNamePlaceholder}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
            maxLength={60}
            style={{ flex: 1 }}
            data-testid="api-key-name"
          />
          <Input.Wrapper label={M.api.keyMode}>
            <SegmentedControl
              value={mode}
              onChange={(v) => setMode(v === 'test' ? 'test' : 'live')}
              data={[
                { value: 'live', label: M.api.modeLive },
                { value: 'test', label: M.api.modeTest },
              ]}
              data-testid="api-key-mode"
            />
          </Input.Wrapper>
          <Button type="submit" loading={create.isPending}>
            {M.api.createKey}
          </Button>
        </Group>
        <Text size="xs" c="dimmed" mt="xs">
          {M.api.modeHelp}
        </Text>
      </form>
      <QueryView query={keys} error={M.api.loadFailed} inline />
      {keys.data && keys.data.length === 0 && <Text c="dimmed">{M.api.noKeys}</Text>}
      {keys.data && keys.data.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table data-testid="api-keys">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{M.api.colName}</Table.Th>
                <Table.Th>{M.api.colPrefix}</Table.Th>
                <Table.Th>{M.api.colMode}</Table.Th>
                <Table.Th>{M.api.colCreated}</Table.Th>
                <Table.Th>{M.api.colLastUsed}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{M.api.revoke}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.map((k) => (
                <Table.Tr key={k.id}>
                  <Table.Td>{k.name}</Table.Td>
                  <Table.Td>
                    <code>{k.prefix}…</code>
                  </Table.Td>
                  <Table.Td>
                    <ApiKeyModeBadge mode={k.mode} />
                  </Table.Td>
                  <Table.Td>{formatDateTime(k.createdAt)}</Table.Td>
                  <Table.Td>{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : M.api.never}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" color="red" onClick={() => setRevoking({ id: k.id, name: k.name })}>
                      {M.api.revoke}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={!!revoking} onClose={() => setRevoking(null)} title={M.api.revokeTitle}>
        <Stack gap="md">
          <Text size="sm">{revoking ? M.api.revokeConfirm(revoking.name) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)}>
              {M.api.close}
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={() => void confirmRevoke()}>
              {M.api.revoke}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ShownOnce title={M.api.keyCreatedTitle} note={M.api.keyShownOnce} value={shown} onClose={() => setShown(null)} />
    </SectionCard>
  );
}
