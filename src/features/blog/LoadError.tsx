import { Button } from '../../ui/Button';
import { space } from '../../ui/theme';
import type { ContentError } from './blogApi';

const messageOf = (error: unknown, fallback: string): string =>
  typeof error === 'object' && error !== null && typeof (error as ContentError).message === 'string'
    ? (error as ContentError).message
    : fallback;

/** A content read failed: the content layer's message and a way to try again, never a blank page. */
export function LoadError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry: () => void }) {
  return (
    <div role="alert" css={{ marginBlock: space.lg }}>
      <p>{messageOf(error, fallback)}</p>
      <Button type="button" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
