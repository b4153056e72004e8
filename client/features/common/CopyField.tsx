import { Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { M } from '../../../shared/messages/app';

/**
 * A value the seller copies (an API key shown once, a webhook secret, a code example): the text
 * in a code block and a copy button that says "Kopyalandı" for a moment. `wrap`: break long
 * secrets over lines; code keeps its lines and scrolls. `actions`: buttons beside the copy button.
 */
export function CopyField({
  value,
  wrap = false,
  testId,
  actions,
}: {
  value: string;
  wrap?: boolean;
  testId?: string;
  actions?: ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Code
        block
        data-testid={testId}
        style={wrap ? { wordBreak: 'break-all', whiteSpace: 'pre-wrap' } : { whiteSpace: 'pre', overflowX: 'auto' }}
      >
        {value}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? M.api.copied : M.api.copy}
            </Button>
          )}
        </CopyButton>
        {actions}
      </Group>
    </Stack>
  );
}
