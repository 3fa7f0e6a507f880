// Internal: what this build and this browser session look like, for support and QA.
import { siteConfig } from '../../app/config';
import { useAppSelector } from '../../app/hooks';
import type { RouteHandle } from '../../app/meta';
import { Container } from '../../ui/Container';
import { fontSizes, space } from '../../ui/theme';

export function DebugPage() {
  const theme = useAppSelector((state) => state.theme.mode);
  const online = useAppSelector((state) => state.connectivity.online);
  const rows: [string, string][] = [
    ['App version', siteConfig.version],
    ['Mode', process.env.NODE_ENV ?? 'unknown'],
    ['Theme', theme],
    ['Connection', online ? 'online' : 'offline'],
  ];
  return (
    <Container css={{ paddingBlock: space.xxl }}>
      <h1 css={{ fontSize: fontSizes.xxl }}>Debug information</h1>
      <dl css={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${space.sm} ${space.lg}` }}>
        {rows.map(([label, value]) => (
          <div key={label} css={{ display: 'contents' }}>
            <dt css={{ fontWeight: 700 }}>{label}</dt>
            <dd css={{ margin: 0 }}>{value}</dd>
          </div>
        ))}
      </dl>
    </Container>
  );
}

export const Component = DebugPage;
export const handle: RouteHandle = {
  meta: () => ({ title: 'Debug', description: 'Internal diagnostics page.', noindex: true }),
};
