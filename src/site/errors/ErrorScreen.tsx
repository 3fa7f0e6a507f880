// The global error screen shown when a route fails to load or render.
import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { logError } from '../../shared/logger';
import { reportException } from '../../features/analytics';
import { Button } from '../../ui/Button';
import { Container } from '../../ui/Container';
import { colors, fontSizes, space } from '../../ui/theme';

export const ERROR_SCREEN_HEADING = 'Oops! Something went wrong';
export const ERROR_SCREEN_DEFAULT_MESSAGE = 'An unexpected error occurred. Please try again.';

export const errorMessage = (error: unknown): string | undefined => {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error && error.message) return error.message;
  return undefined;
};

export function ErrorScreenView({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Container role="alert" css={{ paddingBlock: space.xxxl, textAlign: 'center' }}>
      <h1 css={{ fontSize: fontSizes.xxl }}>{ERROR_SCREEN_HEADING}</h1>
      <p css={{ color: colors.textMuted }}>{errorMessage(error) ?? ERROR_SCREEN_DEFAULT_MESSAGE}</p>
      <div css={{ display: 'flex', gap: space.md, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button type="button" onClick={onRetry}>
          Try Again
        </Button>
        <Button type="button" variant="secondary" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </div>
    </Container>
  );
}

/** Route `errorElement`: Try Again re-renders the same location, which resets the boundary. */
export function ErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    logError('Route error', error, { path: location.pathname });
    // A thrown response (a 404 from a loader) is an answer, not a crash: only real errors are exceptions.
    if (!isRouteErrorResponse(error)) reportException(error, true);
  }, [error, location.pathname]);
  return (
    <ErrorScreenView
      error={error}
      onRetry={() => void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true })}
    />
  );
}
