// The consent banner: shows itself on a first visit (no saved choice), opens again from the
// footer's Cookie Settings button, and never appears on the privacy page, whose panel does its job.
//
// On a first visit it is in the server's markup and paints with the page (issue #21: appearing only
// after the scripts had run, it was the largest paint of /faq and /contact, 1.5 s after the first).
// Until the store has read the saved choice back, the banner is rendered "pending": the server and
// the hydrating browser draw it alike, and CSS shows it only when the inline boot script found no
// stored choice (bootScript.ts). Once the choice is known it either opens for real or goes away.
import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { consentConfig } from '../../shared/config';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { OPEN_COOKIE_SETTINGS_EVENT } from '../../shared/appEvents';
import { paths } from '../../shared/paths';
import { lazyWithPreload } from '../../ui/lazyWithPreload';
import { consentBannerOpened } from './actions';
import { selectBannerAutoShown, selectBannerOpen, selectConsentRestored, selectHasSavedConsent } from './consentSlice';

const BannerRegion = lazyWithPreload(() =>
  import(/* webpackChunkName: "consent-banner" */ './BannerRegion').then((module) => module.BannerRegion),
);

/**
 * Loaded before a server render (preloadLayout), so the banner is in the markup at once: suspended, it came into the
 * first home page a process rendered later than into the next ones, and their bytes (and ETags) differed.
 */
export const preloadCookieBanner = BannerRegion.preload;

/**
 * The same element on every render, which is what lets the server's banner be hydrated. Its boundary hydrates once
 * the chunk is in, and the saved choice, read back at about the same time, opens the banner: given as a new element,
 * that update reached the boundary first, and React threw the server's banner away and drew it again from scratch
 * (it blinked, and cost a second render with its styles). Unchanged, the element gives React nothing to update
 * there, and BannerRegion reads whether it is open from the store once hydrated.
 */
const bannerRegion = (
  <Suspense fallback={null}>
    <BannerRegion />
  </Suspense>
);

/** The id of the privacy page's settings panel, which takes the banner's place there. */
export const COOKIE_SETTINGS_PANEL_ID = 'cookie-settings';

const isPrivacyPage = (pathname: string): boolean => pathname.replace(/\/+$/, '') === paths.privacyPolicy;

export function CookieBanner({ autoShow = consentConfig.autoShow }: { autoShow?: boolean }) {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const onPrivacyPage = isPrivacyPage(pathname);
  const open = useAppSelector(selectBannerOpen);
  const restored = useAppSelector(selectConsentRestored);
  const hasSavedChoice = useAppSelector(selectHasSavedConsent);
  const autoShown = useAppSelector(selectBannerAutoShown);
  // About to show itself unless a saved choice turns up: what the server renders for every visitor.
  const pending = autoShow && !hasSavedChoice && !autoShown && !onPrivacyPage;

  // Decided only once the saved choice is back from storage, so it never differs from the server's HTML.
  useEffect(() => {
    if (pending && restored) dispatch(consentBannerOpened({ trigger: 'auto' }));
  }, [pending, restored, dispatch]);

  useEffect(() => {
    const onOpenSettings = () => {
      const panel = onPrivacyPage ? document.getElementById(COOKIE_SETTINGS_PANEL_ID) : null;
      if (panel) {
        panel.scrollIntoView();
        panel.focus();
      } else {
        dispatch(consentBannerOpened({ trigger: 'settings' }));
      }
    };
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, onOpenSettings);
    return () => window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, onOpenSettings);
  }, [onPrivacyPage, dispatch]);

  // Lazily loaded: a hydrating browser keeps the server's banner as it is until the chunk arrives.
  return (open && !onPrivacyPage) || pending ? bannerRegion : null;
}
