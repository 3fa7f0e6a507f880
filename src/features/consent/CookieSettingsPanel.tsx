// The settings panel embedded in the privacy policy's cookie section: same choices as the banner,
// confirmed in a status message.
import { useEffect, useId } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../shared/hooks';
import { Button } from '../../ui/Button';
import { colors, fontSizes, mq, radii, space } from '../../ui/theme';
import { consentAcceptedAll, consentPanelOpened, consentRejectedAll, consentSaved } from './actions';
import { CategorySwitches } from './CategorySwitches';
import { COOKIE_SETTINGS_PANEL_ID } from './CookieBanner';
import { selectConsentDraft, selectPanelNotice } from './consentSlice';
import { consentNoticeText } from './labels';

export function CookieSettingsPanel() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const notice = useAppSelector(selectPanelNotice);
  const headingId = useId();

  useEffect(() => {
    dispatch(consentPanelOpened());
  }, [dispatch]);

  return (
    <section id={COOKIE_SETTINGS_PANEL_ID} aria-labelledby={headingId} tabIndex={-1} css={styles.panel}>
      <h3 id={headingId} css={{ marginTop: 0, fontSize: fontSizes.lg }}>
        Cookie settings
      </h3>
      <CategorySwitches />
      <div css={styles.actions}>
        <Button type="button" onClick={() => dispatch(consentRejectedAll('panel'))}>
          Reject All
        </Button>
        <Button type="button" onClick={() => dispatch(consentAcceptedAll('panel'))}>
          Accept All
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => dispatch(consentSaved(selectConsentDraft(store.getState()), 'panel'))}
        >
          Save
        </Button>
      </div>
      <p role="status" css={styles.status}>
        {notice ? consentNoticeText[notice] : null}
      </p>
    </section>
  );
}

const styles = {
  panel: {
    marginTop: space.lg,
    padding: space.lg,
    background: colors.surface,
    border: `1px solid ${colors.border}`,
    borderRadius: radii.lg,
    '&:focus-visible': { outline: `3px solid ${colors.focus}`, outlineOffset: 2 },
  },
  actions: {
    display: 'grid',
    gap: space.sm,
    marginTop: space.md,
    [mq.sm]: { gridTemplateColumns: 'repeat(3, 1fr)' },
  },
  status: { margin: `${space.md} 0 0`, minHeight: '1.5em', fontWeight: 600, color: colors.success },
} as const;
