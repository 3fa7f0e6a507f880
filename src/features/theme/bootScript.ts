// The inline script that sets the theme class on <html> before first paint (no flash of the wrong
// theme). It mirrors the theme listener's rule: a saved light/dark choice, else the system
// preference, else light. Its SHA-256 goes into the CSP, so it must stay a constant string.
import { PERSIST_KEY } from '../../shared/config';
import { THEME_STORAGE_KEY } from './themeSlice';

// The choice is the bare word under 'theme' (docs/requirements.md#theme-rules). While that key is missing, the old shared
// record may still hold a returning visitor's choice (app/persist.ts carries it over), so it reads that too.
export const themeBootScript = `(function(){try{var s=localStorage,m=s.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)});if(m===null){var r=s.getItem(${JSON.stringify(
  `persist:${PERSIST_KEY}`,
)});if(r){var t=JSON.parse(JSON.parse(r).theme||'null');if(t)m=t.mode}}if(m!=='light'&&m!=='dark')m=window.matchMedia&&window.matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';var d=document.documentElement;d.classList.toggle('dark',m==='dark');d.setAttribute('data-theme',m)}catch(e){}})();`;
