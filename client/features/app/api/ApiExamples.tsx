import { Button, Card, Code, CopyButton, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { M } from '../../../../shared/messages/app';
import { curlExamples, javascriptExample } from '../../../../shared/api-examples';

function Example({ code }: { code: string }) {
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? M.api.copied : M.api.copy}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block style={{ whiteSpace: 'pre', overflowX: 'auto' }}>
        {code}
      </Code>
    </Stack>
  );
}

/** The same examples as /api/docs, with this site's address: photo → 4 images → Trendyol zip. */
export function ApiExamples() {
  const base = window.location.origin;
  return (
    <Card>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {M.api.examplesTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {M.api.examplesDesc}
        </Text>
        <Tabs defaultValue="curl">
          <Tabs.List>
            <Tabs.Tab value="curl">curl</Tabs.Tab>
            <Tabs.Tab value="js">JavaScript</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="curl" pt="sm">
            <Example code={curlExamples(base)} />
          </Tabs.Panel>
          <Tabs.Panel value="js" pt="sm">
            <Example code={javascriptExample(base)} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Card>
  );
}
