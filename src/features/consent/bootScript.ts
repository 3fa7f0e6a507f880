// The inline script that tells the first paint whether to show the consent banner (issue #21). The
// banner is part of every page's server markup (CookieBanner.tsx), so on a first visit it paints with
// the page instead of appearing after the scripts have run, where it became the page's largest paint
// on /faq and /contact. What the server cannot know is whether this browser has a saved choice; this
// script reads that before the first paint and marks <html data-consent-ask> when there is none. The
// server's banner is hidden unless that mark is there, so a returning visitor never sees it flash,
// and neither does a browser without JavaScript (whose banner buttons could not work).
//
// It only checks that a choice is stored; app/persist.ts validates it. A stored choice that turns out
// to be unreadable hides the banner until the store has read it back, and the banner then opens as
// on any first visit. Its SHA-256 goes into the CSP (app/ssr.tsx inlineScripts), so it must stay a
// constant string.
import { PERSIST_KEY } from '../../shared/config';
import { CONSENT_ASK_ATTRIBUTE, CONSENT_STORAGE_KEY } from './consentSlice';

// While the consent key is missing, a returning visitor's choice may still be in the old shared
// record (app/persist.ts carries it over), as the theme's boot script also reads.
export const consentBootScript = `(function(){try{var s=localStorage,r;if(s.getItem(${JSON.stringify(
  CONSENT_STORAGE_KEY,
)})!==null)return;r=s.getItem(${JSON.stringify(
  `persist:${PERSIST_KEY}`,
)});if(r){r=JSON.parse(JSON.parse(r).consent||'null');if(r&&r.hasSavedChoice===true)return}document.documentElement.setAttribute(${JSON.stringify(
  CONSENT_ASK_ATTRIBUTE,
)},'')}catch(e){}})();`;
