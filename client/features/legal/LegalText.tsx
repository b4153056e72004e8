import { List, Stack, Text, Title } from '@mantine/core';

/**
 * The admin-editable legal text, rendered as plain React text (never HTML): blocks are separated
 * by a blank line, a line starting with `## ` is a heading, lines starting with `- ` a list.
 */
export function LegalText({ body }: { body: string }) {
  const blocks = body.replace(/\r\n/g, '\n').split(/\n{2,}/);
  return (
    <Stack gap="md">
      {blocks.map((block, i) => {
        const lines = block.split('\n').filter((l) => l.trim());
        const out: React.ReactNode[] = [];
        let para: string[] = [];
        let items: string[] = [];
        const flush = () => {
          if (para.length)
            out.push(
              <Text key={`p${out.length}`} lh={1.7}>
                {para.join(' ')}
              </Text>,
            );
          if (items.length)
            out.push(
              <List key={`l${out.length}`} spacing={6} withPadding>
                {items.map((it, j) => (
                  <List.Item key={j}>{it}</List.Item>
                ))}
              </List>,
            );
          para = [];
          items = [];
        };
        for (const line of lines) {
          if (line.startsWith('## ')) {
            flush();
            out.push(
              <Title key={`h${out.length}`} order={2} fz="lg" mt={i === 0 ? 0 : 'sm'}>
                {line.slice(3)}
              </Title>,
            );
          } else if (line.startsWith('- ')) {
            if (para.length) flush();
            items.push(line.slice(2));
          } else {
            if (items.length) flush();
            para.push(line);
          }
        }
        flush();
        return (
          <Stack key={i} gap="xs">
            {out}
          </Stack>
        );
      })}
    </Stack>
  );
}
