import { useAppSelector } from '../../shared/hooks';
import { colors, fontSizes, space } from '../../ui/theme';
import { selectIsOnline } from './connectivitySlice';

export const OFFLINE_MESSAGE = 'You are currently offline. Some features may be limited.';

export function OfflineBanner() {
  const online = useAppSelector(selectIsOnline);
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <p
          css={{
            margin: 0,
            padding: `${space.sm} ${space.md}`,
            background: colors.warningBg,
            color: colors.warningText,
            fontSize: fontSizes.sm,
            fontWeight: 600,
            textAlign: 'center',
          }}
        >
          {OFFLINE_MESSAGE}
        </p>
      )}
    </div>
  );
}
