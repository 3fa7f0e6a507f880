// The inline script that sets the theme class on <html> before first paint (no flash of the wrong
// theme). It mirrors the theme listener's rule: a saved light/dark choice, else the system
// preference, else light. Its SHA-256 goes into the CSP, so it must stay a constant string.
import { PERSIST_KEY } from '../../app/config';

export const themeBootScript = `(function(){try{var m=null,r=localStorage.getItem(${JSON.stringify(
  `persist:${PERSIST_KEY}`,
)});if(r){var t=JSON.parse(JSON.parse(r).theme||'null');if(t&&(t.mode==='light'||t.mode==='dark'))m=t.mode}if(!m)m=window.matchMedia&&window.matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';var d=document.documentElement;d.classList.toggle('dark',m==='dark');d.setAttribute('data-theme',m)}catch(e){}})();`;
