import { Tabs } from '@mantine/core';
import { M } from '../../../../shared/messages/app';
import { curlExamples, javascriptExample } from '../../../../shared/api-examples';
import { CopyField } from '../../common/CopyField';
import { SectionCard } from '../../common/SectionCard';
import { useApiBase } from './useApiBase';

/** The same examples as /api/docs, with the server's public address: photo → 4 images → Trendyol zip. */
export function ApiExamples() {
  const base = useApiBase();
  return (
    <SectionCard title={M.api.examplesTitle} description={M.api.examplesDesc}>
      <Tabs defaultValue="curl">
        <Tabs.List>
          <Tabs.Tab value="curl">curl</Tabs.Tab>
          <Tabs.Tab value="js">JavaScript</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="curl" pt="sm">
          <CopyField value={curlExamples(base)} />
        </Tabs.Panel>
        <Tabs.Panel value="js" pt="sm">
          <CopyField value={javascriptExample(base)} />
        </Tabs.Panel>
      </Tabs>
    </SectionCard>
  );
}
