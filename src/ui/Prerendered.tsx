// A part of a page that has nothing to do in the browser (text, tables, plain links: issue #21): on the page's first
// load it keeps the server's markup as it is, and React never renders its components. Hydrating them cost the
// browser their whole render (every element compared with the DOM, every emotion style serialized and hashed) for
// markup it already had, in the tasks that block a visitor's first tap. Rendered anywhere else (a visit that started
// on another page, the server, tests), it renders its children as any element does.
//
// Its links still navigate inside the app: a click on one of React Router's links (<Link> marks its <a> with
// data-discover) goes through the router, as the link itself would have. Anything else in it (other links, a link
// opened in a new tab) is the browser's, as before.
//
// The entry records the server's markup before it hydrates (recordPrerenderedMarkup, hydration.ts); nothing else reads
// the DOM (render never does).
//
// Only for markup that depends on nothing but the URL: no state, no effects, no event handlers, no <Image> (its
// failure placeholder needs its component).
import { css } from '@emotion/react';
import { useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { prerenderedMarkupOf, PRERENDERED_ATTRIBUTE } from './hydration';

/** No box of its own: the children lay out in the parent's grid or flow as if it were not there. */
const noBox = css({ display: 'contents' });

const isPlainLeftClick = (event: MouseEvent) =>
  event.button === 0 && !event.defaultPrevented && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

export interface PrerenderedProps {
  /** Which server markup is this part's: unique on the page, or shared only by parts of the same markup. */
  id: string;
  /**
   * Its markup is the same on every page (the footer's): it keeps the server's markup through navigations. Otherwise
   * it does only on the URL it was prerendered for.
   */
  sameOnEveryPage?: boolean;
  children: ReactNode;
}

export function Prerendered({ id, sameOnEveryPage = false, children }: PrerenderedProps) {
  // Taken once, when the part mounts: a part mounted later (a visit that came from another page) renders.
  const [server] = useState(() => prerenderedMarkupOf(id));
  const location = useLocation();
  const navigate = useNavigate();

  // The same part on another URL (one case study to the next: the route's component stays mounted) renders its own.
  if (server === null || (!sameOnEveryPage && server.path !== location.pathname)) {
    return (
      <div key="rendered" {...{ [PRERENDERED_ATTRIBUTE]: id }} css={noBox}>
        {children}
      </div>
    );
  }

  /** What <Link>'s own click handler does, for the links in the server's markup. */
  const followLink = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = event.target instanceof Element ? event.target.closest('a[data-discover]') : null;
    if (!(anchor instanceof HTMLAnchorElement) || !isPlainLeftClick(event)) return;
    if ((anchor.target !== '' && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    const to = `${url.pathname}${url.search}${url.hash}`;
    // A link to the very page replaces its history entry instead of adding a second one (as <Link> does).
    void navigate(to, { replace: to === `${location.pathname}${location.search}${location.hash}` });
  };

  return (
    // The clicks it handles are its links' (keyboard ones included: Enter on a link clicks it); it is not a control.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      key="server"
      {...{ [PRERENDERED_ATTRIBUTE]: id }}
      css={noBox}
      onClick={followLink}
      // The server's markup as it is: React neither renders nor compares it.
      dangerouslySetInnerHTML={{ __html: server.html }}
    />
  );
}
