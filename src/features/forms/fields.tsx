// The form building blocks shared by the contact and newsletter forms.
import type { CSSObject } from '@emotion/react';
import type { ReactNode } from 'react';
import { fieldStyle } from '../../ui/fieldStyles';
import { colors, fontSizes, radii, space } from '../../ui/theme';
import { useHydrated } from '../../ui/useMediaQuery';
import { HONEYPOT_NAME } from './rules';

/** Hidden from everyone but bots: off-screen, out of the tab order and of the accessibility tree. */
const offScreen: CSSObject = {
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  width: 1,
  height: 1,
  overflow: 'hidden',
};

/** The honeypot field the server uses to recognise bots; people never see or reach it. */
export function Honeypot({ id }: { id: string }) {
  return (
    <div aria-hidden="true" css={offScreen} data-testid="honeypot">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_NAME} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export const inputStyle: CSSObject = {
  ...fieldStyle,
  width: '100%',
  font: 'inherit',
  '&[aria-invalid="true"]': { borderColor: colors.danger, borderWidth: 2 },
};

export const labelStyle: CSSObject = { display: 'block', fontWeight: 600, marginBottom: space.xs };

export const errorStyle: CSSObject = {
  margin: `${space.xs} 0 0`,
  color: colors.danger,
  fontSize: fontSizes.sm,
  fontWeight: 600,
};

export function RequiredMark() {
  return (
    <span aria-hidden="true" css={{ color: colors.danger }}>
      {' *'}
    </span>
  );
}

/**
 * Where the server's 303 after a post without JavaScript points (`#message-sent`, `#subscribed`):
 * the prerendered page carries the success text in an element shown only while it is the URL's
 * :target. Once the page is live the element goes, and the form's own status says it instead.
 */
export const NO_SCRIPT_TARGET = { contact: 'message-sent', newsletter: 'subscribed' } as const;

/** The outcome of a submission, read out by screen readers: role=status for good news, alert for bad. */
export function FormOutcome({
  success,
  failure,
  noScript,
}: {
  success?: ReactNode;
  failure?: ReactNode;
  /**
   * The form's post without JavaScript (see NO_SCRIPT_TARGET): its confirmation, in the server's markup; `sent` when
   * that post came back and the form has sent nothing since, so that once the page is live it shows as the success.
   */
  noScript: { id: string; text: string; sent: boolean };
}) {
  // The one part of a form that changes once the page is live. useHydrated re-renders its reader synchronously in the
  // commit that hydrates it: read here, that is these few elements, not the whole form with its fields and styles.
  const hydrated = useHydrated();
  const shown = success ?? (hydrated && noScript.sent ? noScript.text : undefined);
  const box: CSSObject = {
    margin: 0,
    padding: `${space.sm} ${space.md}`,
    borderRadius: radii.md,
    fontWeight: 600,
    borderLeft: '4px solid',
  };
  return (
    <>
      {hydrated ? null : (
        <p
          id={noScript.id}
          css={{ ...box, borderColor: colors.success, display: 'none', '&:target': { display: 'block' } }}
        >
          {noScript.text}
        </p>
      )}
      <div role="status" aria-live="polite">
        {shown ? <p css={{ ...box, borderColor: colors.success }}>{shown}</p> : null}
      </div>
      {/* An alert is announced when it appears, so it exists only while there is one (an empty
          alert region would also be what "the page's alert" finds). */}
      {failure ? (
        <p role="alert" css={{ ...box, borderColor: colors.danger }}>
          {failure}
        </p>
      ) : null}
    </>
  );
}
