import { Alert, Button, Card, Chip, Grid, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertCircle, IconFileZip, IconMovie, IconPhotoAi, IconSparkles } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { M } from '../../../../shared/messages';
import { readAppError } from '../../../lib/appError';
import { usePageTitle } from '../../../lib/pageTitle';
import { toastError } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { useSession } from '../../auth/useSession';
import { useCreditBalance } from '../../credits/useCreditBalance';
import { loadActiveJob, saveActiveJob } from '../../generation/activeJob';
import { CostSummary, isShort } from '../../generation/CostSummary';
import { downloadOne, downloadZip, generatedImageName, useDownloads } from '../../generation/download';
import { GenerationProgress } from '../../generation/GenerationProgress';
import { OutputGrid } from '../../generation/OutputGrid';
import { PhotoPicker } from '../../generation/PhotoPicker';
import { PreviewModeNotice } from '../../generation/PreviewModeNotice';
import { ResultPlaceholder } from '../../generation/ResultPlaceholder';
import { StepTitle } from '../../generation/StepTitle';
import { isUnfinished, type PhotoRouteState, type SelectedPhoto } from '../../generation/types';
import { useGeneration } from '../../generation/useGeneration';
import { useJobWatcher } from '../../generation/useJobWatcher';
import { useRevealOnChange } from '../../generation/useRevealOnChange';
import { useSite } from '../../site/useSite';
import { PageHeader } from '../PageHeader';
import classes from './GenerateImagePage.module.css';

const PROMPT_MAX = 1000;
const PRESETS = M.generation.presets;

/** /app/generate-image: photo + prompt (with category presets) → 4 studio images. */
export default function GenerateImagePage() {
  usePageTitle(M.titles.generateImage);
  const { user } = useSession();
  const { site } = useSite();
  const { balance } = useCreditBalance();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const cost = site.imageCreditCost;

  const [saved] = useState(() => loadActiveJob('image', user?.id));
  const [photo, setPhoto] = useState<SelectedPhoto | null>(saved?.photo ?? null);
  const [prompt, setPrompt] = useState(saved?.prompt ?? '');
  const [jobId, setJobId] = useState<string | null>(saved?.jobId ?? null);
  const [jobPhoto, setJobPhoto] = useState<SelectedPhoto | null>(saved?.jobPhoto ?? null);
  const [uploading, setUploading] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const create = trpc.generations.createImage.useMutation();
  const starting = useRef(false);
  const jobQuery = useGeneration(jobId);
  const job = jobQuery.data;
  const { watch } = useJobWatcher(job, M.generation.imagesDone);
  const downloads = useDownloads();

  const running = create.isPending || (!!jobId && !jobQuery.isError && (!job || isUnfinished(job.status)));
  const busy = running || uploading;
  const preset = PRESETS.find((p) => p.prompt === prompt)?.value ?? null;
  const resultRef = useRevealOnChange(`${running}:${job?.status ?? ''}`);

  useEffect(() => {
    if (user) saveActiveJob('image', { userId: user.id, jobId, jobPhoto, photo, prompt });
  }, [user, jobId, jobPhoto, photo, prompt]);

  // A job that no longer exists (e.g. another account's leftover) is forgotten.
  useEffect(() => {
    if (jobQuery.error && readAppError(jobQuery.error).appCode === 'NOT_FOUND') setJobId(null);
  }, [jobQuery.error]);

  function refuse(message: string) {
    setFormError(message);
    toastError(message);
  }

  async function generate() {
    if (starting.current || busy) return;
    setFormError(null);
    if (!photo || !prompt.trim()) return refuse(M.generation.needPhotoAndPrompt);
    if (!user) return refuse(M.generation.userNotLoaded);
    if (isShort(balance, cost)) return refuse(M.generation.insufficient);
    starting.current = true;
    try {
      const { id } = await create.mutateAsync({ uploadId: photo.uploadId, prompt: prompt.trim() });
      watch(id);
      setJobId(id);
      setJobPhoto(photo);
      void utils.credits.balance.invalidate();
      void utils.generations.list.invalidate();
    } catch (err) {
      const info = readAppError(err);
      refuse(info.fieldErrors?.prompt ?? info.message);
      if (info.appCode === 'INSUFFICIENT_CREDITS') void utils.credits.balance.invalidate();
      // The server no longer knows this upload: choose the photo again.
      if (info.appCode === 'NOT_FOUND') setPhoto(null);
    } finally {
      starting.current = false;
    }
  }

  const completed = job?.status === 'completed' && job.outputs.length > 0 ? job : null;
  const failed = job?.status === 'failed' ? job : null;
  const missingPrompt = formError === M.generation.needPhotoAndPrompt && !prompt.trim();
  const missingPhoto = formError === M.generation.needPhotoAndPrompt && !photo;

  function downloadImage(i: number) {
    if (!completed) return;
    void downloads.run(`image-${i}`, () => downloadOne({ url: completed.outputs[i], name: generatedImageName(i + 1) }), M.generation.imageDownloaded);
  }

  function downloadAll() {
    if (!completed) return;
    const files = completed.outputs.map((url, i) => ({ url, name: generatedImageName(i + 1) }));
    void downloads.run('zip', () => downloadZip(files, 'generated-images.zip'), M.generation.allDownloaded);
  }

  function toVideo() {
    const source = jobPhoto ?? photo;
    const state: PhotoRouteState = source ? { photo: source } : {};
    void navigate('/app/generate-video', { state });
  }

  return (
    <Stack maw={1180} gap={0}>
      <PageHeader title={M.titles.generateImage} subtitle={M.generation.imageSubtitle} />
      <PreviewModeNotice />
      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card>
            <Stack gap="lg">
              <Stack gap="sm">
                <StepTitle n={1}>{M.generation.stepPhoto}</StepTitle>
                <PhotoPicker photo={photo} onChange={setPhoto} disabled={running} onUploadingChange={setUploading} invalid={missingPhoto} />
              </Stack>

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
                  error={missingPrompt || undefined}
                />
                <Text size="xs" c="dimmed" ta="right" mt={-6}>
                  {prompt.length}/{PROMPT_MAX}
                </Text>
              </Stack>

              <CostSummary cost={cost} note={M.generation.imageCostNote} />

              {formError && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} p="sm" role="alert">
                  {formError}
                </Alert>
              )}

              <Button
                size="md"
                variant="gradient"
                leftSection={<IconSparkles size={18} />}
                onClick={() => void generate()}
                loading={busy}
                disabled={busy}
                fullWidth
              >
                {M.generation.generateImage}
              </Button>
            </Stack>
          </Card>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 7 }} ref={resultRef} style={{ scrollMarginTop: 80 }}>
          {running ? (
            <GenerationProgress
              kind="image"
              phase={!job || create.isPending ? 'starting' : job.status === 'queued' ? 'queued' : 'processing'}
              progress={job?.progress ?? 0}
            />
          ) : completed ? (
            <Card>
              <Stack gap="md">
                <Group justify="space-between" gap="sm">
                  <Title order={2} fz="lg">
                    {M.generation.resultsTitle}
                  </Title>
                  <Group gap="xs" wrap="nowrap" className={classes.actions}>
                    <Button
                      size="sm"
                      variant="default"
                      leftSection={<IconFileZip size={16} />}
                      onClick={downloadAll}
                      loading={downloads.busy === 'zip'}
                    >
                      {M.generation.downloadAll}
                    </Button>
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
              </Stack>
            </Card>
          ) : failed ? (
            <Alert color="red" variant="light" radius="lg" icon={<IconAlertCircle size={20} />} title={M.generation.failedTitle} role="alert">
              <Stack gap={6}>
                <Text size="sm">{failed.errorMessage || M.generation.unknown}</Text>
                <Text size="sm" c="dimmed">
                  {M.generation.refundNote}
                </Text>
              </Stack>
            </Alert>
          ) : (
            <ResultPlaceholder icon={IconPhotoAi} text={M.generation.resultsPlaceholder} hint={M.generation.expectedImage} />
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
