import { Alert, Badge, Box, Button, Card, Grid, Group, SegmentedControl, Slider, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertCircle, IconDeviceTv, IconDownload, IconMovie, IconSparkles } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { M } from '../../../../shared/messages';
import { VIDEO_DURATIONS } from '../../../../shared/schemas/generations';
import { readAppError } from '../../../lib/appError';
import { usePageTitle } from '../../../lib/pageTitle';
import { toastError } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { useSession } from '../../auth/useSession';
import { useCreditBalance } from '../../credits/useCreditBalance';
import { loadActiveJob, saveActiveJob } from '../../generation/activeJob';
import { CostSummary, isShort } from '../../generation/CostSummary';
import { downloadOne, GENERATED_VIDEO_NAME, useDownloads } from '../../generation/download';
import { GenerationProgress } from '../../generation/GenerationProgress';
import { PhotoPicker } from '../../generation/PhotoPicker';
import { PreviewModeNotice } from '../../generation/PreviewModeNotice';
import { ResultPlaceholder } from '../../generation/ResultPlaceholder';
import { StepTitle } from '../../generation/StepTitle';
import { isUnfinished, readPhotoRouteState, type SelectedPhoto } from '../../generation/types';
import { useGeneration } from '../../generation/useGeneration';
import { useJobWatcher } from '../../generation/useJobWatcher';
import { useRevealOnChange } from '../../generation/useRevealOnChange';
import { VideoPlayer } from '../../generation/VideoPlayer';
import { useSite } from '../../site/useSite';
import { PageHeader } from '../PageHeader';

type Aspect = '16:9' | '9:16';
const PROMPT_MAX = 1000;
const DURATION_MARKS = Array.from({ length: VIDEO_DURATIONS.max - VIDEO_DURATIONS.min + 1 }, (_, i) => {
  const value = VIDEO_DURATIONS.min + i;
  return { value, label: String(value) };
});

/** /app/generate-video: photo (or the one handed over from the image screen, D16) → one 1080p MP4. */
export default function GenerateVideoPage() {
  usePageTitle(M.titles.generateVideo);
  const { user } = useSession();
  const { site } = useSite();
  const { balance } = useCreditBalance();
  const utils = trpc.useUtils();
  const location = useLocation();
  const navigate = useNavigate();
  const cost = site.videoCreditCost;

  // D16: a photo handed over from the image results wins over what this tab had before.
  const [handedOver] = useState(() => readPhotoRouteState(location.state));
  const [saved] = useState(() => (handedOver ? null : loadActiveJob('video', user?.id)));
  const [photo, setPhoto] = useState<SelectedPhoto | null>(handedOver ?? saved?.photo ?? null);
  const [prompt, setPrompt] = useState(saved?.prompt ?? '');
  const [duration, setDuration] = useState<number>(saved?.duration ?? VIDEO_DURATIONS.default);
  const [aspect, setAspect] = useState<Aspect>(saved?.aspectRatio ?? '16:9');
  const [jobId, setJobId] = useState<string | null>(saved?.jobId ?? null);
  const [uploading, setUploading] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const create = trpc.generations.createVideo.useMutation();
  const starting = useRef(false);
  const jobQuery = useGeneration(jobId);
  const job = jobQuery.data;
  const { watch } = useJobWatcher(job, M.generation.videoDone);
  const downloads = useDownloads();

  const running = create.isPending || (!!jobId && !jobQuery.isError && (!job || isUnfinished(job.status)));
  const busy = running || uploading;
  const resultRef = useRevealOnChange(`${running}:${job?.status ?? ''}`);

  useEffect(() => {
    if (user) saveActiveJob('video', { userId: user.id, jobId, jobPhoto: null, photo, prompt, duration, aspectRatio: aspect });
  }, [user, jobId, photo, prompt, duration, aspect]);

  // Consume the hand-over once: a reload must not override what the user did since.
  useEffect(() => {
    if (handedOver) void navigate('.', { replace: true, state: null });
  }, [handedOver, navigate]);

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
    if (!photo) return refuse(M.generation.needPhoto);
    if (!user) return refuse(M.generation.userNotLoaded);
    if (isShort(balance, cost)) return refuse(M.generation.insufficient);
    starting.current = true;
    try {
      const { id } = await create.mutateAsync({ uploadId: photo.uploadId, prompt: prompt.trim(), duration, aspectRatio: aspect });
      watch(id);
      setJobId(id);
      void utils.credits.balance.invalidate();
      void utils.generations.list.invalidate();
    } catch (err) {
      const info = readAppError(err);
      const fields = info.fieldErrors ?? {};
      refuse(fields.prompt ?? fields.duration ?? fields.aspectRatio ?? info.message);
      if (info.appCode === 'INSUFFICIENT_CREDITS') void utils.credits.balance.invalidate();
      if (info.appCode === 'NOT_FOUND') setPhoto(null);
    } finally {
      starting.current = false;
    }
  }

  const completed = job?.status === 'completed' && job.outputs.length > 0 ? job : null;
  const failed = job?.status === 'failed' ? job : null;
  const resultAspect = completed?.parameters.aspect_ratio === '9:16' ? '9:16' : '16:9';

  function downloadVideo() {
    if (!completed) return;
    void downloads.run('video', () => downloadOne({ url: completed.outputs[0], name: GENERATED_VIDEO_NAME }), M.generation.videoDownloaded);
  }

  return (
    <Stack maw={1180} gap={0}>
      <PageHeader title={M.titles.generateVideo} subtitle={M.generation.videoSubtitle} />
      <PreviewModeNotice />
      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card>
            <Stack gap="lg">
              <Stack gap="sm">
                <StepTitle n={1}>{M.generation.stepPhoto}</StepTitle>
                <PhotoPicker
                  photo={photo}
                  onChange={setPhoto}
                  disabled={running}
                  onUploadingChange={setUploading}
                  invalid={formError === M.generation.needPhoto && !photo}
                  note={handedOver && photo?.uploadId === handedOver.uploadId ? M.generation.photoFromImage : undefined}
                />
              </Stack>

              <Stack gap="sm">
                <StepTitle n={2}>{M.generation.stepSettings}</StepTitle>
                <Textarea
                  label={M.generation.videoPromptLabel}
                  placeholder={M.generation.videoPromptPlaceholder}
                  autosize
                  minRows={3}
                  maxRows={7}
                  maxLength={PROMPT_MAX}
                  value={prompt}
                  onChange={(e) => setPrompt(e.currentTarget.value)}
                  disabled={running}
                />
                <Box>
                  <Group justify="space-between" mb={6}>
                    <Text size="sm" fw={500} id="video-duration-label">
                      {M.generation.durationLabel}
                    </Text>
                    <Badge variant="light" radius="sm" style={{ textTransform: 'none' }}>
                      {M.generation.durationValue(duration)}
                    </Badge>
                  </Group>
                  <Slider
                    min={VIDEO_DURATIONS.min}
                    max={VIDEO_DURATIONS.max}
                    step={1}
                    value={duration}
                    onChange={setDuration}
                    marks={DURATION_MARKS}
                    label={(v) => M.generation.durationValue(v)}
                    disabled={running}
                    thumbProps={{ 'aria-labelledby': 'video-duration-label' }}
                    mb="lg"
                    styles={{ markLabel: { fontSize: 11 } }}
                  />
                </Box>
                <Box>
                  <Text size="sm" fw={500} mb={6} id="video-aspect-label">
                    {M.generation.aspectLabel}
                  </Text>
                  <SegmentedControl
                    fullWidth
                    value={aspect}
                    onChange={(v) => setAspect(v as Aspect)}
                    disabled={running}
                    aria-labelledby="video-aspect-label"
                    data={[
                      { value: '16:9', label: M.generation.aspectLandscape },
                      { value: '9:16', label: M.generation.aspectPortrait },
                    ]}
                  />
                </Box>
                <Group justify="space-between">
                  <Text size="sm" fw={500}>
                    {M.generation.resolutionLabel}
                  </Text>
                  <Badge variant="outline" radius="sm" leftSection={<IconDeviceTv size={12} />} style={{ textTransform: 'none' }}>
                    {M.generation.resolutionValue}
                  </Badge>
                </Group>
              </Stack>

              <CostSummary cost={cost} note={M.generation.videoCostNote} />

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
                {M.generation.generateVideo}
              </Button>
            </Stack>
          </Card>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 7 }} ref={resultRef} style={{ scrollMarginTop: 80 }}>
          {running ? (
            <GenerationProgress
              kind="video"
              phase={!job || create.isPending ? 'starting' : job.status === 'queued' ? 'queued' : 'processing'}
              progress={job?.progress ?? 0}
            />
          ) : completed ? (
            <Card>
              <Stack gap="md">
                <Group justify="space-between" gap="sm">
                  <Title order={2} fz="lg">
                    {M.generation.videoResultTitle}
                  </Title>
                  <Button leftSection={<IconDownload size={16} />} onClick={downloadVideo} loading={downloads.busy === 'video'}>
                    {M.generation.downloadVideo}
                  </Button>
                </Group>
                <VideoPlayer src={completed.outputs[0]} aspectRatio={resultAspect} />
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
            <ResultPlaceholder icon={IconMovie} text={M.generation.videoPlaceholder} hint={M.generation.expectedVideo} />
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
