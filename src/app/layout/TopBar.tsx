// Fixed 70 px top bar: logo, Services with its mega-menu, primary links, theme toggle,
// Get In Touch, and the mobile menu below 1024 px.
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { NavLink as RouterNavLink, useLocation } from 'react-router-dom';
import { ThemeToggle } from '../../features/theme';
import { ButtonLink } from '../../ui/Button';
import { lazyWithPreload } from '../../ui/lazyWithPreload';
import { colors, fontSizes, layout, mq, radii, space } from '../../ui/theme';
import { paths } from '../../shared/paths';
import { intentPreloadProps } from '../preload';
import { Logo } from './Logo';
import { primaryLinks } from './navigation';

// The menus render only once opened, so their code (and the service catalog they list) is a chunk of
// its own: asked for when a menu is about to open (pointer over or focus in the bar) and once the page
// has settled, so it is normally there before the first click.
const loadMenus = () => import(/* webpackChunkName: "menus" */ './TopBarMenus');
const MegaMenuPanel = lazyWithPreload(() => loadMenus().then((module) => module.MegaMenuPanel));
const MobileMenu = lazyWithPreload(() => loadMenus().then((module) => module.MobileMenu));
const preloadMenus = () => {
  MegaMenuPanel.preload().catch(() => undefined);
  MobileMenu.preload().catch(() => undefined);
};
/** How long after the first commit the menus' chunk is fetched without being asked for. */
const MENUS_IDLE_PRELOAD_MS = 2_000;

const HOVER_CLOSE_DELAY_MS = 150;

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      css={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none' }}
    >
      <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * State that belongs to one path: it reads as `initial` again after any navigation, without an
 * effect that resets it.
 */
function usePathState<T>(initial: T) {
  const { pathname } = useLocation();
  const [state, setState] = useState<{ path: string; value: T } | null>(null);
  const value = state?.path === pathname ? state.value : initial;
  const update = (next: T) => setState({ path: pathname, value: next });
  return [value, update] as const;
}

/** 'hover' follows the pointer; 'pinned' (a click or the keyboard) stays open until dismissed. */
type MenuMode = 'closed' | 'hover' | 'pinned';

function ServicesMenu() {
  const [mode, setMode] = usePathState<MenuMode>('closed');
  const open = mode !== 'closed';
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const close = () => setMode('closed');
  const openOnHover = () => {
    clearTimeout(closeTimer.current);
    if (mode === 'closed') setMode('hover');
  };
  const closeSoon = () => {
    clearTimeout(closeTimer.current);
    if (mode === 'hover') closeTimer.current = setTimeout(close, HOVER_CLOSE_DELAY_MS);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      close();
      buttonRef.current?.focus();
    }
  };

  return (
    // Hover opens the menu for pointer users; keyboard users have the disclosure button, and
    // Escape/focus-out handling is delegated here from the elements inside.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      css={{ position: 'static', display: 'flex', alignItems: 'center' }}
      onMouseEnter={openOnHover}
      onMouseLeave={closeSoon}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) close();
      }}
    >
      <RouterNavLink to={paths.services} css={styles.navLink} {...intentPreloadProps(paths.services)}>
        Services
      </RouterNavLink>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label="Show services menu"
        // A click after hovering pins the menu open; a click on a pinned menu closes it.
        onClick={() => setMode(mode === 'pinned' ? 'closed' : 'pinned')}
        css={styles.chevronButton}
      >
        <Chevron open={open} />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MegaMenuPanel id={menuId} onNavigate={close} />
        </Suspense>
      ) : null}
    </li>
  );
}

export function TopBar() {
  const [mobileOpen, setMobileOpen] = usePathState(false);
  const mobileMenuId = useId();

  useEffect(() => {
    const timer = setTimeout(preloadMenus, MENUS_IDLE_PRELOAD_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <header css={styles.bar} onPointerEnter={preloadMenus} onFocus={preloadMenus} onTouchStart={preloadMenus}>
      <div css={styles.inner}>
        <Logo />
        <nav aria-label="Main" css={styles.desktopNav}>
          <ul css={styles.navList}>
            <ServicesMenu />
            {primaryLinks.map((link) => (
              <li key={link.to}>
                <RouterNavLink to={link.to} css={styles.navLink} {...intentPreloadProps(link.to)}>
                  {link.label}
                </RouterNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div css={{ display: 'flex', alignItems: 'center', gap: space.sm }}>
          <ThemeToggle />
          <ButtonLink to={paths.contact} css={styles.desktopOnly} {...intentPreloadProps(paths.contact)}>
            Get In Touch
          </ButtonLink>
          <button
            type="button"
            css={styles.menuToggle}
            aria-expanded={mobileOpen}
            aria-controls={mobileMenuId}
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMobileOpen(!mobileOpen)}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              {mobileOpen ? (
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              )}
            </svg>
          </button>
        </div>
      </div>
      {mobileOpen ? (
        <Suspense fallback={null}>
          <MobileMenu id={mobileMenuId} onNavigate={() => setMobileOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}

const styles = {
  bar: {
    position: 'fixed',
    insetInline: 0,
    top: 0,
    zIndex: 50,
    height: layout.navHeight,
    background: colors.bg,
    borderBottom: `1px solid ${colors.border}`,
  },
  inner: {
    height: '100%',
    maxWidth: layout.maxWidth,
    marginInline: 'auto',
    paddingInline: space.md,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: space.md,
  },
  desktopNav: { display: 'none', height: '100%', [mq.lg]: { display: 'block' } },
  navList: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    alignItems: 'center',
    gap: space.lg,
    height: '100%',
  },
  navLink: {
    color: colors.text,
    textDecoration: 'none',
    fontWeight: 600,
    fontSize: fontSizes.sm,
    paddingBlock: space.sm,
    '&.active': { color: colors.primary },
    '&:hover': { color: colors.primary },
  },
  chevronButton: {
    display: 'inline-grid',
    placeItems: 'center',
    width: 28,
    height: 28,
    marginLeft: 2,
    border: 0,
    borderRadius: radii.sm,
    background: 'transparent',
    color: colors.text,
    cursor: 'pointer',
  },
  desktopOnly: { display: 'none', [mq.lg]: { display: 'inline-flex' } },
  menuToggle: {
    display: 'inline-grid',
    placeItems: 'center',
    width: 44,
    height: 44,
    border: `1px solid ${colors.border}`,
    borderRadius: radii.md,
    background: 'transparent',
    color: colors.text,
    cursor: 'pointer',
    [mq.lg]: { display: 'none' },
  },
} as const;
