import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Every path change starts at the top, unless the URL names an anchor on the new page. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
