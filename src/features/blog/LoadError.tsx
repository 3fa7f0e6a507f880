import { Button } from '../../ui/Button';
import { space } from '../../ui/theme';
import type { ContentError } from './blogApi';

/**
 * The failure's own message (docs/requirements.md#listing-errors: "the thrown message or one of" the listing
 * messages); `fallback`, the screen's name for what failed, when it carried none.
 */
const messageOf = (error: unknown, fallback: string): string => {
  if (typeof error !== 'object' || error === null) return fallback;
  const { message, generic } = error as Partial<ContentError>;
  return typeof message === 'string' && message !== '' && !generic ? message : fallback;
};

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
