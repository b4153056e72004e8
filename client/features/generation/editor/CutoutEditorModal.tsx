import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Kbd,
  Loader,
  Modal,
  SegmentedControl,
  Slider,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBrush,
  IconCheck,
  IconEraser,
  IconHandStop,
  IconSquare,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
} from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { M } from '../../../../shared/messages/app';
import { EDITOR_LIMITS } from '../../../../shared/constants';
import type { TCutoutResult } from '../../../../shared/schemas/generations';
import { EditorStage, ZOOM, zoomAbout, type EditorTool, type ZoomPan } from './EditorStage';
import { DEFAULT_BRUSH, useEditorSession } from './useEditorSession';
import classes from './editor.module.css';

const E = M.editor;
const FIT: ZoomPan = { zoom: 1, x: 0, y: 0 };

/**
 * The cut-out editor (issue 26 (docs/history.md)): a large modal on desktop, full screen on a
 * phone. Box, keep and remove tools, brush sizes, zoom and pan, undo/redo per stroke, shortcuts;
 * each stroke updates the mask live from the warm session, and "Kabul et" makes the final cut-out.
 */
export function CutoutEditorModal({
  opened,
  onClose,
  uploadId,
  photoUrl,
  onAccepted,
}: {
  opened: boolean;
  onClose: () => void;
  uploadId: string;
  photoUrl: string;
  onAccepted: (r: TCutoutResult) => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={E.title}
      fullScreen={!!phone}
      size="calc(100vw - 48px)"
      padding="sm"
      closeButtonProps={{ 'aria-label': E.close }}
      yOffset="2vh"
      data-testid="cutout-editor-modal"
    >
      {opened && <EditorBody uploadId={uploadId} photoUrl={photoUrl} onAccepted={onAccepted} onClose={onClose} />}
    </Modal>
  );
}

function EditorBody({
  uploadId,
  photoUrl,
  onAccepted,
  onClose,
}: {
  uploadId: string;
  photoUrl: string;
  onAccepted: (r: TCutoutResult) => void;
  onClose: () => void;
}) {
  const s = useEditorSession(uploadId, true);
  const [tool, setTool] = useState<EditorTool>('keep');
  const [brush, setBrush] = useState<number>(DEFAULT_BRUSH);
  const [view, setView] = useState<ZoomPan>(FIT);
  const [showCutout, setShowCutout] = useState(false);
  const [spacePan, setSpacePan] = useState(false);
  /** The note of the last accept, for the mask it was about: it goes as soon as the mask changes. */
  const [note, setNote] = useState<{ text: string; mask: string | null } | null>(null);
  const before = useRef<EditorTool>('keep');
  const mask = s.preview?.maskDataUrl ?? null;
  const shownNote = note && note.mask === mask ? note.text : null;

  const accept = useCallback(async () => {
    const r = await s.accept();
    if (!r) return;
    onAccepted(r);
    if (r.verdict === 'accepted') onClose();
    else setNote({ text: E.acceptedUntrusted, mask });
  }, [s, onAccepted, onClose, mask]);

  const zoomBy = useCallback((k: number) => setView((v) => zoomAbout(v, v.zoom * k)), []);
  const sizeBy = useCallback(
    (k: number) => setBrush((b) => Math.min(EDITOR_LIMITS.maxBrush, Math.max(EDITOR_LIMITS.minBrush, Number((b * k).toFixed(4))))),
    [],
  );

  // Desktop shortcuts (listed beside the photo); never while typing in a field.
  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 'z') {
        e.preventDefault();
        if (e.shiftKey) s.redo();
        else s.undo();
        return;
      }
      if (mod && key === 'y') {
        e.preventDefault();
        s.redo();
        return;
      }
      if (mod || e.altKey) return;
      // Enter on a focused button is that button's own click, not "Kabul et".
      if (e.key === 'Enter' && t?.closest('button, a, [role="slider"]')) return;
      if (key === ' ' && !e.repeat) {
        e.preventDefault();
        before.current = tool;
        setSpacePan(true);
        return;
      }
      const acts: Record<string, () => void> = {
        b: () => setTool('box'),
        k: () => setTool('keep'),
        r: () => setTool('remove'),
        h: () => setTool('pan'),
        '[': () => sizeBy(1 / 1.3),
        ']': () => sizeBy(1.3),
        '+': () => zoomBy(ZOOM.step),
        '=': () => zoomBy(ZOOM.step),
        '-': () => zoomBy(1 / ZOOM.step),
        '0': () => setView(FIT),
        enter: () => void accept(),
      };
      const act = acts[key];
      if (act) {
        e.preventDefault();
        act();
      }
    };
    const up = (e: KeyboardEvent) => e.key === ' ' && setSpacePan(false);
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [s, tool, sizeBy, zoomBy, accept]);

  const p = s.preview;
  const hint =
    tool === 'box'
      ? M.studio.toolBoxHint
      : tool === 'keep'
        ? M.studio.toolKeepHint
        : tool === 'remove'
          ? M.studio.toolRemoveHint
          : E.toolPanHint;
  return (
    <div className={classes.body} data-testid="cutout-editor-body">
      {p ? (
        <EditorStage
          photoUrl={photoUrl}
          width={p.width}
          height={p.height}
          maskUrl={p.maskDataUrl}
          showCutout={showCutout}
          tool={spacePan ? 'pan' : tool}
          brush={brush}
          state={s.state}
          view={view}
          onView={setView}
          onStroke={(st) => s.push({ ...s.state, strokes: [...s.state.strokes, st] })}
          onBox={(box) => s.push({ box, strokes: s.state.strokes })}
        />
      ) : (
        <Group className={classes.stage} justify="center" role="status">
          {s.error ? <Text c="red">{s.error}</Text> : <Loader size="sm" />}
          {!s.error && <Text size="sm">{E.opening}</Text>}
        </Group>
      )}

      <Stack className={classes.side} gap="sm">
        <SegmentedControl
          aria-label={M.studio.toolsLabel}
          value={tool}
          onChange={(v) => setTool(v as EditorTool)}
          fullWidth
          size="xs"
          data={[
            { value: 'box', label: <ToolLabel icon={<IconSquare size={14} />} text={M.studio.toolBox} /> },
            { value: 'keep', label: <ToolLabel icon={<IconBrush size={14} />} text={M.studio.toolKeep} /> },
            { value: 'remove', label: <ToolLabel icon={<IconEraser size={14} />} text={M.studio.toolRemove} /> },
            { value: 'pan', label: <ToolLabel icon={<IconHandStop size={14} />} text={E.toolPan} /> },
          ]}
        />
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
        <div>
          <Text size="sm" fw={500} id="editor-brush-label">
            {E.brushSize}
          </Text>
          <Slider
            min={EDITOR_LIMITS.minBrush}
            max={EDITOR_LIMITS.maxBrush}
            step={0.002}
            value={brush}
            onChange={setBrush}
            label={(v) => `${Math.round(v * 1000) / 10}%`}
            thumbLabel={E.brushSize}
          />
        </div>
        <Group gap={6} wrap="nowrap">
          <IconButton label={E.undo} onClick={s.undo} disabled={!s.canUndo} icon={<IconArrowBackUp size={18} />} />
          <IconButton label={E.redo} onClick={s.redo} disabled={!s.canRedo} icon={<IconArrowForwardUp size={18} />} />
          <IconButton
            label={E.zoomOut}
            onClick={() => zoomBy(1 / ZOOM.step)}
            disabled={view.zoom <= ZOOM.min}
            icon={<IconZoomOut size={18} />}
          />
          <IconButton label={E.zoomIn} onClick={() => zoomBy(ZOOM.step)} disabled={view.zoom >= ZOOM.max} icon={<IconZoomIn size={18} />} />
          <IconButton label={E.zoomFit} onClick={() => setView(FIT)} icon={<IconZoomReset size={18} />} />
          <Text size="xs" c="dimmed" data-testid="editor-zoom">
            {E.zoomValue(Math.round(view.zoom * 100))}
          </Text>
        </Group>
        <SegmentedControl
          aria-label={E.viewLabel}
          value={showCutout ? 'cutout' : 'mask'}
          onChange={(v) => setShowCutout(v === 'cutout')}
          fullWidth
          size="xs"
          data={[
            { value: 'mask', label: E.viewMask },
            { value: 'cutout', label: E.viewCutout },
          ]}
        />
        <Group gap="xs" justify="space-between">
          <Text size="xs" c="dimmed" data-testid="editor-strokes">
            {E.strokes(s.state.strokes.length)}
          </Text>
          {s.updating ? (
            <Group gap={4} role="status">
              <Loader size={12} />
              <Text size="xs">{E.updating}</Text>
            </Group>
          ) : (
            p && <Text size="xs" c="dimmed">{`${p.ms} ms`}</Text>
          )}
        </Group>
        {/* One verdict at a time: green only for a mask with no finding and no warning about it. */}
        {p && !p.note && !shownNote && (
          <Alert color="teal" variant="light" icon={<IconCheck size={18} />} data-testid="editor-verdict" data-verdict="good">
            {E.verdictGood}
          </Alert>
        )}
        {p?.note && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={E.verdictBad}
            data-testid="editor-verdict"
            data-verdict="bad"
          >
            {p.note}
          </Alert>
        )}
        {s.error && p && (
          <Alert color="red" variant="light">
            {s.error}
          </Alert>
        )}
        {shownNote && (
          <Alert color="orange" variant="light" data-testid="editor-accept-note">
            {shownNote}
          </Alert>
        )}
        <Group gap="xs" grow>
          <Button variant="default" onClick={s.clear} disabled={!s.state.strokes.length && !s.state.box}>
            {E.clearAll}
          </Button>
          <Button leftSection={<IconCheck size={16} />} onClick={() => void accept()} loading={s.accepting} disabled={!p}>
            {E.accept}
          </Button>
        </Group>
        <Shortcuts />
      </Stack>
    </div>
  );
}

function Shortcuts() {
  const phone = useMediaQuery('(max-width: 48em)');
  if (phone) return null;
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {E.shortcutsTitle}
      </Text>
      <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={4} className={classes.kbd}>
        <Table.Tbody>
          {E.shortcuts.map(([keys, what]) => (
            <Table.Tr key={keys}>
              <Table.Td>
                <Kbd size="xs">{keys}</Kbd>
              </Table.Td>
              <Table.Td>{what}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function IconButton({ label, onClick, disabled, icon }: { label: string; onClick: () => void; disabled?: boolean; icon: ReactNode }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" onClick={onClick} disabled={disabled} aria-label={label}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

function ToolLabel({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Group gap={4} wrap="nowrap" justify="center">
      {icon}
      <span>{text}</span>
    </Group>
  );
}

/** The gate's verdict as a small badge (the pages and the batch rows show it). */
export function VerdictBadge({ verdict, framed }: { verdict: TCutoutResult['verdict'] | null | undefined; framed?: boolean }) {
  if (!verdict) return null;
  const text =
    verdict === 'accepted'
      ? M.studio.stateAccepted
      : framed
        ? M.studio.stateFramed
        : verdict === 'untrusted'
          ? M.studio.stateUntrusted
          : M.studio.stateNone;
  return (
    <Badge
      variant="light"
      color={verdict === 'accepted' ? 'teal' : 'orange'}
      style={{ textTransform: 'none' }}
      data-testid="cutout-verdict"
    >
      {text}
    </Badge>
  );
}
