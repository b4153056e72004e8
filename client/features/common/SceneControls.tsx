import { Alert, Badge, Button, Collapse, ColorInput, Group, List, NumberInput, Slider, Stack, Switch, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconCloud } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { SCENE_PRODUCT_SIZE } from '../../../shared/constants';
import { M } from '../../../shared/messages/app';
import { undrawnWords, understoodWords } from '../../../shared/scene-words';
import type { SceneControls as Controls } from '../../../shared/schemas/generations';

const S = M.scene;
const PURE_WHITE = '#ffffff';
const SWATCHES = [PURE_WHITE, '#f2eee8', '#e9dfd3', '#d9e2e6', '#f3d9dc', '#2b2b30'];
const DEFAULT_SHADOW = 0.6;
const MAX_SEED = 2 ** 31 - 1;

/**
 * The words of the prompt the studio understood, as the seller typed them, by kind; on the offline
 * studio (`offline`), also the words it cannot draw and that the cloud model can (issue 38 item 7).
 */
export function UnderstoodWords({ prompt, offline = false }: { prompt: string; offline?: boolean }) {
  const words = useMemo(() => understoodWords(prompt), [prompt]);
  const undrawn = useMemo(() => (offline ? undrawnWords(prompt) : []), [prompt, offline]);
  return (
    <Stack gap={4} aria-live="polite">
      <Text size="xs" fw={500}>
        {S.understoodTitle}
      </Text>
      {words.length ? (
        <Group gap={6}>
          {words.map((w) => (
            <Badge key={w.kind} variant="light" size="sm" tt="none">
              {S.kinds[w.kind]}: {w.word}
            </Badge>
          ))}
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          {S.understoodNone}
        </Text>
      )}
      {undrawn.length > 0 && (
        <Alert variant="light" color="yellow" icon={<IconCloud size={16} />} title={S.notDrawnTitle} p="xs" data-testid="not-drawn">
          <Text size="xs">{S.notDrawnIntro}</Text>
          <List size="xs" spacing={2} mt={4}>
            {undrawn.map((u) => (
              <List.Item key={u.thing}>
                <Text span size="xs" fw={600}>
                  {u.word}
                </Text>
                {': '}
                {S.notDrawn[u.thing]}
              </List.Item>
            ))}
          </List>
          <Text size="xs" mt={4}>
            {S.notDrawnCloud}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}

/**
 * Background colour (pure white one click away), shadow, reflection and product size beside the prompt;
 * under "Gelişmiş", the seed (issue 38 item 6): the same seed gives the same images, "Yeniden üret"
 * picks a new one and shows it here.
 */
export function SceneControls({ value, onChange, disabled }: { value: Controls; onChange: (next: Controls) => void; disabled?: boolean }) {
  const [advanced, setAdvanced] = useState(value.seed !== undefined);
  const set = (patch: Partial<Controls>) => {
    const next = { ...value, ...patch };
    for (const k of Object.keys(next) as (keyof Controls)[]) if (next[k] === undefined) delete next[k];
    onChange(next);
  };
  const shadowOn = value.shadow !== 0;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {S.controlsTitle}
      </Text>
      <Group gap="xs" align="flex-end">
        <ColorInput
          label={S.background}
          placeholder={S.backgroundAuto}
          value={value.background ?? ''}
          onChange={(c) => set({ background: /^#[0-9a-f]{6}$/i.test(c) ? c.toLowerCase() : undefined })}
          swatches={SWATCHES}
          withEyeDropper={false}
          format="hex"
          disabled={disabled}
          style={{ flex: 1, minWidth: 160 }}
        />
        <Button
          variant={value.background === PURE_WHITE ? 'filled' : 'default'}
          onClick={() => set({ background: PURE_WHITE })}
          disabled={disabled}
        >
          {S.pureWhite}
        </Button>
        {value.background && (
          <Button variant="subtle" onClick={() => set({ background: undefined })} disabled={disabled}>
            {S.backgroundAuto}
          </Button>
        )}
      </Group>
      <Switch
        label={S.shadow}
        checked={shadowOn}
        onChange={(e) => set({ shadow: e.currentTarget.checked ? DEFAULT_SHADOW : 0 })}
        disabled={disabled}
      />
      {shadowOn && (
        <Stack gap={2}>
          <Text size="xs">{S.shadowStrength}</Text>
          <Slider
            thumbLabel={S.shadowStrength}
            min={0.1}
            max={1}
            step={0.05}
            value={value.shadow ?? DEFAULT_SHADOW}
            onChange={(v) => set({ shadow: v })}
            label={(v) => S.percent(Math.round(v * 100))}
            disabled={disabled}
          />
        </Stack>
      )}
      <Switch
        label={S.reflection}
        description={S.reflectionHint}
        checked={value.reflection ?? false}
        onChange={(e) => set({ reflection: e.currentTarget.checked })}
        disabled={disabled}
      />
      <Stack gap={2}>
        <Text size="xs">{S.productSize}</Text>
        <Slider
          thumbLabel={S.productSize}
          min={SCENE_PRODUCT_SIZE.min}
          max={SCENE_PRODUCT_SIZE.max}
          step={0.02}
          value={value.productSize ?? SCENE_PRODUCT_SIZE.default}
          onChange={(v) => set({ productSize: v })}
          label={(v) => S.percent(Math.round(v * 100))}
          disabled={disabled}
        />
      </Stack>
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => setAdvanced((open) => !open)}
        rightSection={advanced ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
        aria-expanded={advanced}
        style={{ alignSelf: 'flex-start' }}
      >
        {S.advanced}
      </Button>
      <Collapse in={advanced}>
        <NumberInput
          label={S.seed}
          description={S.seedHint}
          placeholder={S.seedAuto}
          value={value.seed ?? ''}
          onChange={(v) => set({ seed: typeof v === 'number' && Number.isInteger(v) ? v : undefined })}
          min={0}
          max={MAX_SEED}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          disabled={disabled}
          data-testid="scene-seed"
        />
      </Collapse>
    </Stack>
  );
}
