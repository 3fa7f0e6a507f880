// Internal: what this build and this browser session look like, for support and QA. Everything
// that needs the browser (images, the store snapshot) loads after mount; the content service's status
// when asked for, since it loads the content source's code (with the mock source, marked and DOMPurify:
// ~170 KB, one ~180 ms task on Lighthouse's 4× slower CPU, which took /debug to 93; issue #21).
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode, SubmitEvent } from 'react';
import { siteConfig } from '../../shared/config';
import { metricsSampleRate } from '../../shared/monitoringConfig';
import { useAppSelector } from '../../shared/hooks';
import type { RouteHandle } from '../../shared/meta';
import { imageFileUrl, imageService } from '../../content/imageService';
import type { ImageMeta } from '../../content/imageService';
import type { ConnectionStatus } from '../../content/model';
import { chooseSourceKind, readContentEnv } from '../../content/source';
import { defaultContentExtra } from '../../features/blog';
import { selectIsOnline } from '../../features/connectivity';
import { VITAL_THRESHOLDS, isVitalName, selectMonitoring } from '../../features/monitoring';
import type { MetricRecord, Rating, VitalName } from '../../features/monitoring';
import { Button } from '../../ui/Button';
import { Container } from '../../ui/Container';
import { colors, fontSizes, radii, space } from '../../ui/theme';
import { fieldStyle } from '../../ui/fieldStyles';
import { useHydrated } from '../../ui/useMediaQuery';
import { VisuallyHidden } from '../../ui/VisuallyHidden';

const VITAL_ORDER: VitalName[] = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB', 'FID'];

const ratingColor = (rating: Rating | undefined): string =>
  rating === 'good' ? colors.success : rating === 'poor' ? colors.danger : colors.accent;

const ratingText = (rating: Rating): string => (rating === 'needs-improvement' ? 'needs improvement' : rating);

const formatValue = (name: string, value: number, unit: string): string =>
  unit === 'score' || name === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ${unit}`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} css={{ marginTop: space.xl }}>
      <h2 id={id} css={{ fontSize: fontSizes.xl, marginBottom: space.md }}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl css={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${space.sm} ${space.lg}`, margin: 0 }}>
      {rows.map(([label, value]) => (
        <div key={label} css={{ display: 'contents' }}>
          <dt css={{ fontWeight: 700 }}>{label}</dt>
          <dd css={{ margin: 0 }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function useContentStatus(requested: boolean): ConnectionStatus | undefined {
  const [status, setStatus] = useState<ConnectionStatus>();
  useEffect(() => {
    if (!requested) return;
    let active = true;
    defaultContentExtra
      .content()
      .then((source) => {
        if (active) setStatus(source.getConnectionStatus());
      })
      .catch((error: unknown) => {
        if (active)
          setStatus({
            isConnected: false,
            lastChecked: null,
            error: error instanceof Error ? error.message : 'unavailable',
          });
      });
    return () => {
      active = false;
    };
  }, [requested]);
  return status;
}

function VitalsTable() {
  const { vitals, unsupported } = useAppSelector(selectMonitoring);
  return (
    <table css={{ borderCollapse: 'collapse', minWidth: 320 }}>
      <caption css={{ textAlign: 'left', color: colors.textMuted, marginBottom: space.sm }}>
        Latest reading of each web vital on this page load
      </caption>
      <thead>
        <tr>
          <th scope="col" css={cell}>
            Metric
          </th>
          <th scope="col" css={cell}>
            Value
          </th>
          <th scope="col" css={cell}>
            Rating
          </th>
        </tr>
      </thead>
      <tbody>
        {VITAL_ORDER.map((name) => {
          const reading = vitals[name];
          return (
            <tr key={name}>
              <th scope="row" css={cell}>
                {name}
              </th>
              <td css={cell}>{reading ? formatValue(name, reading.value, name === 'CLS' ? 'score' : 'ms') : '—'}</td>
              <td css={cell}>
                {reading ? (
                  <span css={{ color: ratingColor(reading.rating), fontWeight: 700 }}>
                    {ratingText(reading.rating)}
                  </span>
                ) : unsupported.includes(name) ? (
                  'not supported'
                ) : (
                  'waiting'
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

const cell = {
  textAlign: 'left',
  padding: `${space.xs} ${space.md}`,
  borderBottom: `1px solid ${colors.border}`,
} as const;

/** Bars of the latest records: web vitals scaled to their "poor" limit, other metrics to their own maximum. */
export function MetricsChart({ records }: { records: MetricRecord[] }) {
  const width = 480;
  const height = 120;
  if (records.length === 0) return <p>No metrics recorded yet.</p>;
  const maxByName = new Map<string, number>();
  for (const record of records) maxByName.set(record.name, Math.max(maxByName.get(record.name) ?? 0, record.value));
  const step = width / records.length;
  return (
    <svg
      role="img"
      aria-label={`Chart of the last ${records.length} metrics`}
      viewBox={`0 0 ${width} ${height}`}
      css={{
        width: '100%',
        maxWidth: width,
        height: 'auto',
        border: `1px solid ${colors.border}`,
        borderRadius: radii.sm,
      }}
    >
      {records.map((record, index) => {
        const scale = isVitalName(record.name) ? VITAL_THRESHOLDS[record.name].poor : maxByName.get(record.name) || 1;
        const ratio = Math.min(1, Math.max(0, record.value / scale));
        const barHeight = Math.max(2, ratio * (height - 4));
        const rating = record.tags.rating as Rating | undefined;
        return (
          <rect
            key={`${record.timestamp}-${index}`}
            x={index * step + 1}
            y={height - barHeight}
            width={Math.max(1, step - 2)}
            height={barHeight}
            fill={ratingColor(rating)}
          >
            <title>{`${record.name} ${formatValue(record.name, record.value, record.unit)}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}

function StoreSnapshot() {
  // The whole state is the point here (and only while the snapshot is open).
  const state = useAppSelector((root) => root, { devModeChecks: { identityFunctionCheck: 'never' } });
  return (
    <pre
      css={{
        maxHeight: 480,
        overflow: 'auto',
        padding: space.md,
        background: colors.surface,
        borderRadius: radii.md,
        fontSize: fontSizes.xs,
      }}
    >
      {JSON.stringify(state, null, 2)}
    </pre>
  );
}

const describeError = (error: unknown): string =>
  typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string'
    ? (error as { message: string }).message
    : 'Unexpected error';

function ImagePanel() {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  // The token is kept only while the page is open: never in the store or storage.
  const [token, setToken] = useState('');
  const [images, setImages] = useState<ImageMeta[]>();
  const [progress, setProgress] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');

  // Listed on request, not on every visit: /debug stays quiet (and its console clean) where the
  // image service is not deployed or not reachable.
  async function loadImages() {
    setError('');
    setMessage('');
    try {
      setImages(await imageService.listImages());
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  async function upload(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    setMessage('');
    setError('');
    if (!token || !file) {
      setError('Enter the upload token and choose an image.');
      return;
    }
    setBusy(true);
    setProgress(0);
    try {
      const uploaded = await imageService.uploadImage(file, {
        token,
        onProgress: ({ percent }) => setProgress(percent),
      });
      setImages((list) => [uploaded, ...(list ?? [])]);
      setMessage(`Uploaded ${uploaded.filename}.`);
      if (fileInput.current) fileInput.current.value = '';
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  }

  async function remove(image: ImageMeta) {
    setMessage('');
    setError('');
    try {
      await imageService.deleteImage(image.id, token);
      setImages((list) => list?.filter((item) => item.id !== image.id));
      setMessage(`Deleted ${image.filename}.`);
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  return (
    <div css={{ display: 'grid', gap: space.md }}>
      <form onSubmit={(event) => void upload(event)} css={{ display: 'grid', gap: space.sm, maxWidth: 480 }}>
        <label htmlFor={`${id}-token`} css={{ fontWeight: 600 }}>
          Upload token
        </label>
        <input
          id={`${id}-token`}
          type="password"
          autoComplete="off"
          value={token}
          onChange={(event) => setToken(event.target.value)}
          css={fieldStyle}
        />
        <label htmlFor={`${id}-file`} css={{ fontWeight: 600 }}>
          Image file
        </label>
        <input id={`${id}-file`} ref={fileInput} type="file" accept="image/*" css={fieldStyle} />
        <progress value={progress ?? 0} max={100} aria-label="Upload progress" css={{ width: '100%' }}>
          {progress ?? 0}%
        </progress>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Uploading...' : 'Upload image'}
          </Button>
        </div>
      </form>
      <div role="status">{message}</div>
      {error ? <p role="alert">{error}</p> : null}
      <div>
        <Button type="button" variant="secondary" onClick={() => void loadImages()}>
          {images === undefined ? 'Show uploaded images' : 'Refresh the list'}
        </Button>
      </div>
      {images === undefined ? null : images.length === 0 ? (
        <p>No images uploaded yet.</p>
      ) : (
        <ul
          aria-label="Uploaded images"
          css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: space.sm }}
        >
          {images.map((image) => (
            <li key={image.id} css={{ display: 'flex', gap: space.md, alignItems: 'center' }}>
              <img
                src={imageFileUrl(image.url, { w: 96, h: 72, fit: 'cover', fm: 'webp' })}
                alt={image.filename}
                width={96}
                height={72}
                loading="lazy"
                css={{ objectFit: 'cover', borderRadius: radii.sm, background: colors.surface }}
              />
              <span css={{ flex: 1 }}>
                {image.filename}
                {image.width && image.height ? ` · ${image.width}×${image.height}` : ''} ·{' '}
                {Math.ceil(image.size / 1024)} KB
              </span>
              <Button type="button" variant="secondary" onClick={() => void remove(image)}>
                Delete <VisuallyHidden>{image.filename}</VisuallyHidden>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function DebugPage() {
  const inBrowser = useHydrated();
  const theme = useAppSelector((state) => state.theme.mode);
  const online = useAppSelector(selectIsOnline);
  const monitoring = useAppSelector(selectMonitoring);
  const [contentCheckRequested, setContentCheckRequested] = useState(false);
  const contentStatus = useContentStatus(contentCheckRequested);
  const [snapshotOpen, setSnapshotOpen] = useState(false);
  const session = monitoring.session;

  return (
    <Container css={{ paddingBlock: space.xxl }}>
      <h1 css={{ fontSize: fontSizes.xxl }}>Debug information</h1>

      <Section title="Build">
        <Facts
          rows={[
            ['App version', siteConfig.version],
            ['Mode', process.env.NODE_ENV ?? 'unknown'],
            ['Content source', chooseSourceKind(readContentEnv())],
            ['Theme', theme],
          ]}
        />
      </Section>

      <Section title="Connection">
        <Facts
          rows={[
            ['Network', online ? 'online' : 'offline'],
            [
              'Content service',
              !contentCheckRequested ? (
                <Button
                  type="button"
                  variant="secondary"
                  disabled={!inBrowser}
                  onClick={() => setContentCheckRequested(true)}
                >
                  Check the content service
                </Button>
              ) : contentStatus === undefined ? (
                'checking…'
              ) : (
                `${contentStatus.isConnected ? 'connected' : 'not connected'}${
                  contentStatus.lastChecked ? ` (last checked ${contentStatus.lastChecked})` : ''
                }${contentStatus.error ? `: ${contentStatus.error}` : ''}`
              ),
            ],
          ]}
        />
      </Section>

      <Section title="Web vitals">
        <VitalsTable />
      </Section>

      <Section title="Metrics">
        <Facts
          rows={[
            [
              'Sampling',
              session
                ? `${session.sampled ? 'this page load is sampled' : 'this page load is not sampled'} (rate ${session.sampleRate})`
                : `not started (rate ${inBrowser ? metricsSampleRate() : '…'})`,
            ],
            ['Buffered', String(monitoring.pending.length)],
            ['In flight', String(monitoring.inFlight)],
            ['Sent', String(monitoring.sent)],
            ['Dropped', String(monitoring.dropped)],
            ['Failed flushes', String(monitoring.failedFlushes)],
          ]}
        />
        <div css={{ marginTop: space.md }}>
          <MetricsChart records={monitoring.history} />
        </div>
      </Section>

      <Section title="Alerts">
        {monitoring.alerts.length === 0 ? (
          <p>No alerts.</p>
        ) : (
          <ol reversed css={{ paddingLeft: space.lg }}>
            {[...monitoring.alerts].reverse().map((alert) => (
              <li key={alert.id}>
                <strong css={{ color: alert.level === 'error' ? colors.danger : colors.text }}>{alert.level}</strong>{' '}
                {alert.message} <span css={{ color: colors.textMuted }}>({alert.path})</span>
              </li>
            ))}
          </ol>
        )}
      </Section>

      <Section title="Store">
        <details onToggle={(event) => setSnapshotOpen(event.currentTarget.open)}>
          <summary css={{ cursor: 'pointer', fontWeight: 600 }}>Store snapshot</summary>
          {snapshotOpen ? <StoreSnapshot /> : null}
        </details>
      </Section>

      <Section title="Images">
        <ImagePanel />
      </Section>
    </Container>
  );
}

export const Component = DebugPage;
export const handle: RouteHandle = {
  meta: () => ({ title: 'Debug', description: 'Internal diagnostics page.', noindex: true }),
};
