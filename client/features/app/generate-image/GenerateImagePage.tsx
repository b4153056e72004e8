import { Alert, Button, Card, Chip, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileZip, IconMovie, IconPhotoAi } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { M } from '../../../../shared/messages/app';
import { usePageTitle } from '../../../lib/pageTitle';
import { trpc } from '../../../lib/trpc';
import { useSession } from '../../auth/useSession';
import { loadActiveJob, saveActiveJob } from '../../generation/activeJob';
import { downloadOne, downloadZip, generatedImageName, useDownloads } from '../../generation/download';
import { ExportMenu } from '../../generation/ExportMenu';
import { GenerateActions } from '../../generation/GenerateActions';
import { GenerateScreen } from '../../generation/GenerateScreen';
import { GenerationResult } from '../../generation/GenerationResult';
import { OutputGrid } from '../../generation/OutputGrid';
import { PhotoStep } from '../../generation/PhotoStep';
import { ResultPlaceholder } from '../../generation/ResultPlaceholder';
import { StepTitle } from '../../generation/StepTitle';
import type { PhotoRouteState } from '../../generation/types';
import { useGenerationRun } from '../../generation/useGenerationRun';
import { useSite } from '../../site/useSite';
import { CutoutEditor } from './CutoutEditor';
import classes from './GenerateImagePage.module.css';

const PROMPT_MAX = 1000;
const PRESETS = M.generation.presets;

/** /app/generate-image: photo + prompt (with category presets) → 4 studio images. */
export default function GenerateImagePage() {
  usePageTitle(M.titles.generateImage);
  const { user } = useSession();
  const { site } = useSite();
  const navigate = useNavigate();
  const cost = site.imageCreditCost;

  const [saved] = useState(() => loadActiveJob('image', user?.id));
  const [prompt, setPrompt] = useState(saved?.prompt ?? '');
  const create = trpc.generations.createImage.useMutation();
  const run = useGenerationRun({
    create,
    cost,
    successText: M.generation.imagesDone,
    incompleteText: M.generation.needPhotoAndPrompt,
    fieldOrder: ['prompt'],
    initial: { photo: saved?.photo ?? null, jobId: saved?.jobId ?? null, jobPhoto: saved?.jobPhoto ?? null },
  });
  const { photo, jobId, jobPhoto, running, completed } = run;
  const downloads = useDownloads();
  const preset = PRESETS.find((p) => p.prompt === prompt)?.value ?? null;

  useEffect(() => {
    if (user) saveActiveJob('image', { userId: user.id, jobId, jobPhoto, photo, prompt });
  }, [user, jobId, jobPhoto, photo, prompt]);

  function generate() {
    void run.start((chosen) => (prompt.trim() ? { uploadId: chosen.uploadId, prompt: prompt.trim(), ...(preset ? { category: preset } : {}) } : null));
  }

  function downloadImage(i: number) {
    if (!completed) return;
    void downloads.run(`image-${i}`, () => downloadOne({ url: completed.outputs[i], name: generatedImageName(i + 1) }), M.generation.imageDownloaded);
  }

  function downloadAll() {
    if (!completed) return;
    const files = completed.outputs.map((url, i) => ({ url, name: generatedImageName(i + 1) }));
    void downloads.run('zip', () => downloadZip(files, 'generated-images.zip'), M.generation.allDownloaded);
  }

  function downloadCutout() {
    if (!completed?.cutoutUrl) return;
    const url = `${completed.cutoutUrl}?download=1`;
    void downloads.run('png', () => downloadOne({ url, name: 'urun-seffaf.png' }), M.studio.pngDownloaded);
  }

  function toVideo() {
    const source = jobPhoto ?? photo;
    const state: PhotoRouteState = source ? { photo: source } : {};
    void navigate('/app/generate-video', { state });
  }

  const result = (
    <GenerationResult
      run={run}
      kind="image"
      placeholder={<ResultPlaceholder icon={IconPhotoAi} text={M.generation.resultsPlaceholder} hint={M.generation.expectedImage} />}
    >
      {completed && (
        <Card>
          <Stack gap="md">
            <Group justify="space-between" gap="sm">
              <Title order={2} fz="lg">
                {M.generation.resultsTitle}
              </Title>
              <Group gap="xs" className={classes.actions}>
                <Button
                  size="sm"
                  variant="default"
                  leftSection={<IconFileZip size={16} />}
                  onClick={downloadAll}
                  loading={downloads.busy === 'zip'}
                >
                  {M.generation.downloadAll}
                </Button>
                {completed.cutoutUrl && (
                  <Button
                    size="sm"
                    variant="default"
                    leftSection={<IconDownload size={16} />}
                    onClick={downloadCutout}
                    loading={downloads.busy === 'png'}
                    aria-label={M.studio.downloadPngLabel}
                  >
                    {M.studio.downloadPng}
                  </Button>
                )}
                <ExportMenu generationId={completed.id} downloads={downloads} />
                <Button size="sm" variant="light" leftSection={<IconMovie size={16} />} onClick={toVideo}>
                  {M.generation.createVideo}
                </Button>
              </Group>
            </Group>
            <OutputGrid
              outputs={completed.outputs}
              thumbnails={completed.thumbnails}
              title={M.generation.resultsTitle}
              onDownload={downloadImage}
              busyIndex={downloads.busy?.startsWith('image-') ? Number(downloads.busy.slice(6)) : null}
            />
            {completed.cutoutNote && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
                {M.studio.framedNote}
              </Alert>
            )}
            <Group gap="md" data-testid="output-sizes">
              {completed.outputSizes.map((size, i) =>
                size ? (
                  <Text key={i} size="xs" c="dimmed">
                    {`${i + 1}${completed.outputRoles[i] === 'white' ? ` (${M.studio.whiteLabel})` : ''}: ${M.studio.pixelSize(size.width, size.height)}`}
                  </Text>
                ) : null,
              )}
            </Group>
          </Stack>
        </Card>
      )}
    </GenerationResult>
  );

  return (
    <GenerateScreen title={M.titles.generateImage} subtitle={M.generation.imageSubtitle} result={result} resultRef={run.resultRef}>
      <PhotoStep run={run} />
      {photo && <CutoutEditor photo={photo} disabled={running} />}

      <Stack gap="sm">
        <StepTitle n={2}>{M.generation.stepPrompt}</StepTitle>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {M.generation.presetsLabel}
          </Text>
          <Chip.Group multiple={false} value={preset} onChange={(v) => setPrompt(PRESETS.find((p) => p.value === v)?.prompt ?? prompt)}>
            <Group gap={8}>
              {PRESETS.map((p) => (
                <Chip key={p.value} value={p.value} size="sm" variant="outline" disabled={running}>
                  {p.label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Text size="xs" c="dimmed">
            {M.generation.presetsHint}
          </Text>
        </Stack>
        <Textarea
          label={M.generation.promptLabel}
          description={M.generation.promptDescription}
          placeholder={M.generation.promptPlaceholder}
          withAsterisk
          autosize
          minRows={4}
          maxRows={9}
          maxLength={PROMPT_MAX}
          value={prompt}
          onChange={(e) => setPrompt(e.currentTarget.value)}
          disabled={running}
          error={(run.incomplete && !prompt.trim()) || undefined}
        />
        <Text size="xs" c="dimmed" ta="right" mt={-6}>
          {prompt.length}/{PROMPT_MAX}
        </Text>
      </Stack>

      <GenerateActions run={run} cost={cost} costNote={M.generation.imageCostNote} label={M.generation.generateImage} onGenerate={generate} />
    </GenerateScreen>
  );
}
