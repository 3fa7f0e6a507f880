// The top bar's menus, which render only once opened: the services mega-menu and the mobile menu.
// They are a chunk of their own (TopBar.tsx loads it when a menu is about to open, or once the page
// is idle): never part of the server's markup, they cannot disturb hydration.
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../ui/Button';
import { colors, fontSizes, layout, mq, radii, space } from '../../ui/theme';
import { paths } from '../../shared/paths';
import { intentPreloadProps } from '../preload';
import { primaryLinks } from './navigation';
import { megaMenu } from './serviceLinks';

export function MegaMenuPanel({ id, onNavigate }: { id: string; onNavigate: () => void }) {
  const columns = [megaMenu.platform, megaMenu.digital];
  return (
    <div id={id} css={styles.megaMenu} data-testid="mega-menu">
      <div css={styles.megaMenuInner}>
        {columns.map((column) => (
          <div key={column.heading}>
            <h2 css={styles.megaHeading}>{column.heading}</h2>
            <ul css={styles.megaList}>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} onClick={onNavigate} css={styles.megaLink} {...intentPreloadProps(link.to)}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div css={styles.featured}>
          <p
            css={{
              margin: 0,
              fontSize: fontSizes.xs,
              textTransform: 'uppercase',
              letterSpacing: '0.08em',
              opacity: 0.85,
            }}
          >
            {megaMenu.featured.eyebrow}
          </p>
          <h2 css={{ fontSize: fontSizes.lg, margin: `${space.sm} 0` }}>{megaMenu.featured.title}</h2>
          <p css={{ fontSize: fontSizes.sm }}>{megaMenu.featured.text}</p>
          <Link to={megaMenu.featured.link.to} onClick={onNavigate} css={{ color: 'inherit', fontWeight: 700 }}>
            Explore {megaMenu.featured.link.label}
          </Link>
        </div>
      </div>
    </div>
  );
}

export function MobileMenu({ id, onNavigate }: { id: string; onNavigate: () => void }) {
  const links = [{ label: 'Services', to: paths.services }, ...primaryLinks, { label: 'Blog', to: paths.blog }];
  return (
    <nav id={id} aria-label="Mobile" css={styles.mobilePanel} data-testid="mobile-menu">
      <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} onClick={onNavigate} css={styles.mobileLink}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <h2 css={{ ...styles.megaHeading, marginTop: space.lg }}>{megaMenu.platform.heading}</h2>
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, columns: 2, columnGap: space.md }}>
        {[...megaMenu.platform.links, megaMenu.featured.link].map((link) => (
          <li key={link.to}>
            <Link to={link.to} onClick={onNavigate} css={[styles.megaLink, { display: 'block', paddingBlock: 6 }]}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <ButtonLink to={paths.contact} onClick={onNavigate} css={{ marginTop: space.lg, width: '100%' }}>
        Get In Touch
      </ButtonLink>
    </nav>
  );
}

const styles = {
  megaMenu: {
    position: 'absolute',
    left: 0,
    right: 0,
    top: layout.navHeight - 1,
    background: colors.surfaceRaised,
    borderBottom: `1px solid ${colors.border}`,
    boxShadow: colors.shadow,
  },
  megaMenuInner: {
    maxWidth: layout.maxWidth,
    marginInline: 'auto',
    padding: `${space.xl} ${space.lg}`,
    display: 'grid',
    gridTemplateColumns: '1fr 1fr 1.1fr',
    gap: space.xl,
  },
  megaHeading: {
    fontSize: fontSizes.xs,
    textTransform: 'uppercase',
    letterSpacing: '0.08em',
    color: colors.textMuted,
    marginBottom: space.md,
  },
  megaList: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space.sm },
  megaLink: { color: colors.text, textDecoration: 'none', fontWeight: 500, '&:hover': { color: colors.primary } },
  featured: {
    padding: space.lg,
    borderRadius: radii.lg,
    background: 'linear-gradient(135deg, #0b3d91 0%, #0b5fce 55%, #00857c 100%)',
    color: '#ffffff',
  },
  mobilePanel: {
    position: 'absolute',
    top: layout.navHeight,
    left: 0,
    right: 0,
    maxHeight: `calc(100vh - ${layout.navHeight}px)`,
    overflowY: 'auto',
    padding: space.lg,
    background: colors.bg,
    borderBottom: `1px solid ${colors.border}`,
    boxShadow: colors.shadow,
    [mq.lg]: { display: 'none' },
  },
  mobileLink: {
    display: 'block',
    paddingBlock: space.md,
    borderBottom: `1px solid ${colors.border}`,
    color: colors.text,
    textDecoration: 'none',
    fontWeight: 600,
    fontSize: fontSizes.lg,
  },
} as const;
