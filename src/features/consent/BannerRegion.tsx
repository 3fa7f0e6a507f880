// The banner itself, in its own chunk: most visits never open it (a saved choice exists), so its
// markup, styles and switches stay out of the first-load JavaScript.
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector, useAppStore } from '../../shared/hooks';
import { paths } from '../../shared/paths';
import { Button } from '../../ui/Button';
import { colors, fontSizes, layout, mq, radii, space } from '../../ui/theme';
import {
  consentAcceptedAll,
  consentBannerClosed,
  consentDetailsToggled,
  consentRejectedAll,
  consentSaved,
} from './actions';
import { CategorySwitches } from './CategorySwitches';
import { CONSENT_ASK_ATTRIBUTE, selectBannerOpen, selectConsentDraft, selectDetailsOpen } from './consentSlice';

/**
 * Not open: the banner as the server draws it before anyone knows whether a choice is saved
 * (CookieBanner.tsx), visible only where the boot script marked the page as a first visit.
 */
export function BannerRegion() {
  const open = useAppSelector(selectBannerOpen);
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const detailsOpen = useAppSelector(selectDetailsOpen);
  const headingId = useId();
  const detailsId = useId();
  const region = useRef<HTMLElement>(null);

  // Focus moves into the banner when it opens and goes back where it was when it closes (not while
  // it is pending: it may be hidden, and a returning visitor's focus stays where it is). It moves once the
  // opened banner has painted: focus() needs the page's styles and layout up to date, and called in the
  // commit that opens the banner (on a first visit, as the page starts) it made the browser work them out
  // there and then, inside that task, and again for the frame.
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => region.current?.focus(), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      if (previous && previous !== document.body && previous.isConnected) previous.focus();
    };
  }, [open]);

  // Escape closes it while focus is inside (it is not modal: elsewhere Escape belongs to the page).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !(event.target instanceof Node) || !region.current?.contains(event.target)) return;
      dispatch(consentBannerClosed());
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [dispatch]);

  return (
    <section
      ref={region}
      aria-labelledby={headingId}
      tabIndex={-1}
      css={styles.banner}
      data-pending={open ? undefined : ''}
      data-testid="cookie-banner"
    >
      <div css={styles.header}>
        <h2 id={headingId} css={styles.heading}>
          Cookie preferences
        </h2>
        <button
          type="button"
          aria-label="Close cookie preferences"
          onClick={() => dispatch(consentBannerClosed())}
          css={styles.close}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      <p css={styles.text}>
        We use cookies that keep this site working and secure. With your consent we also use analytics, advertising and
        personalisation cookies. You can change your choice at any time with Cookie Settings in the footer; see our{' '}
        <Link to={paths.privacyPolicy}>Privacy Policy</Link>.
      </p>
      <button
        type="button"
        aria-expanded={detailsOpen}
        aria-controls={detailsId}
        onClick={() => dispatch(consentDetailsToggled())}
        css={styles.detailsToggle}
      >
        {detailsOpen ? 'Hide details' : 'Show details'}
      </button>
      <div id={detailsId} hidden={!detailsOpen} css={styles.details}>
        {detailsOpen ? <CategorySwitches /> : null}
      </div>
      <div css={styles.actions}>
        <Button type="button" onClick={() => dispatch(consentRejectedAll('banner'))}>
          Reject All
        </Button>
        <Button type="button" onClick={() => dispatch(consentAcceptedAll('banner'))}>
          Accept All
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => dispatch(consentSaved(selectConsentDraft(store.getState()), 'banner'))}
        >
          Save
        </Button>
      </div>
      {/* The end of the server's banner: until the parser has reached it, the pending banner stays hidden (styles). */}
      <span data-banner-end="" hidden />
    </section>
  );
}

const styles = {
  banner: {
    position: 'fixed',
    insetInline: space.md,
    bottom: space.md,
    zIndex: 70,
    maxWidth: 720,
    maxHeight: `calc(100vh - ${layout.navHeight + 32}px)`,
    overflowY: 'auto',
    marginInline: 'auto',
    padding: space.lg,
    background: colors.surfaceRaised,
    color: colors.text,
    border: `1px solid ${colors.border}`,
    borderRadius: radii.lg,
    boxShadow: colors.shadow,
    '&:focus-visible': { outline: `3px solid ${colors.focus}`, outlineOffset: 2 },
    '&:focus:not(:focus-visible)': { outline: 'none' },
    // Pending (before the store knows the saved choice), shown only where the boot script found none. An attribute
    // rather than a second class: opening the banner then makes no new rule for the browser to parse and insert.
    [`html:not([${CONSENT_ASK_ATTRIBUTE}]) &[data-pending]`]: { display: 'none' },
    // Nor before the parser has read all of it. Pinned to the bottom, a banner drawn from part of its markup (the
    // browser may paint while it parses, and on a busy phone it does) grows upwards as the rest comes in: a layout
    // shift of the whole banner (CLS 0.27 on / in 3 of 40 loads beside load, and in a Lighthouse run). Browsers
    // without :has() ignore the rule and show it as before.
    '&[data-pending]:not(:has(> [data-banner-end]))': { display: 'none' },
  },
  header: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: space.md },
  heading: { margin: 0, fontSize: fontSizes.lg },
  close: {
    display: 'inline-grid',
    placeItems: 'center',
    width: 44,
    height: 44,
    flexShrink: 0,
    border: 0,
    borderRadius: radii.pill,
    background: 'transparent',
    color: colors.text,
    cursor: 'pointer',
  },
  text: { margin: `${space.sm} 0`, fontSize: fontSizes.sm, color: colors.textMuted, '& a': { color: colors.primary } },
  detailsToggle: {
    padding: 0,
    minHeight: 44,
    border: 0,
    background: 'none',
    color: colors.primary,
    fontWeight: 600,
    textDecoration: 'underline',
    cursor: 'pointer',
  },
  details: { marginBlock: space.sm },
  actions: {
    display: 'grid',
    gap: space.sm,
    marginTop: space.md,
    [mq.sm]: { gridTemplateColumns: 'repeat(3, 1fr)' },
  },
} as const;
