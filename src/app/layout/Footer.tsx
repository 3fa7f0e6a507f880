import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { InstallButton, selectCanInstall } from '../../features/connectivity';
import { Container } from '../../ui/Container';
import { Prerendered } from '../../ui/Prerendered';
import { colors, fontSizes, mq, space } from '../../ui/theme';
import { useAppSelector } from '../../shared/hooks';
import { siteConfig } from '../../shared/config';
import { contactDetails } from '../../shared/contact';
import { OPEN_COOKIE_SETTINGS_EVENT } from '../../shared/appEvents';
import { paths } from '../../shared/paths';
import { Logo } from './Logo';
import { footerColumns } from './serviceLinks';
import { belowTheFold } from '../../ui/belowTheFold';

// The build year renders on the server and at hydration; the visitor's clock takes over after.
const BUILD_YEAR = Number(process.env.BUILD_YEAR ?? new Date().getFullYear());

const noSubscription = () => () => undefined;

function useCurrentYear(): number {
  return useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => BUILD_YEAR,
  );
}

export function Footer() {
  const year = useCurrentYear();
  const { address } = contactDetails;
  const canInstall = useAppSelector(selectCanInstall);
  return (
    <footer css={[styles.footer, belowTheFold]}>
      <Container>
        <Prerendered id="footer" sameOnEveryPage>
          <div css={styles.top}>
            <div css={{ maxWidth: 320 }}>
              <Logo />
              <p css={{ marginTop: space.md, color: colors.textMuted, fontSize: fontSizes.sm }}>
                {siteConfig.tagline}.
              </p>
              <address css={styles.address}>
                {address.street}
                <br />
                {address.city}, {address.region} {address.postalCode}
                <br />
                <a href={contactDetails.phoneHref}>{contactDetails.phone}</a>
                <br />
                <a href={`mailto:${contactDetails.email}`}>{contactDetails.email}</a>
              </address>
              <ul css={styles.social} aria-label="Social media">
                {contactDetails.social.map((link) => (
                  <li key={link.label}>
                    <a href={link.href} rel="noopener noreferrer" target="_blank">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
            <nav aria-label="Footer" css={styles.columns}>
              {footerColumns.map((column) => (
                <div key={column.heading}>
                  <h2 css={styles.heading}>{column.heading}</h2>
                  <ul css={styles.list}>
                    {column.links.map((link) => (
                      <li key={link.to}>
                        <Link to={link.to} css={styles.link}>
                          {link.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </nav>
          </div>
        </Prerendered>
        <div css={styles.bottom}>
          <p css={{ margin: 0 }}>
            © {year} {siteConfig.name}. All rights reserved.
          </p>
          <ul css={[styles.list, { display: 'flex', flexWrap: 'wrap', gap: space.lg, alignItems: 'center' }]}>
            <li>
              <Link to={paths.privacyPolicy} css={styles.link}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to={paths.termsOfService} css={styles.link}>
                Terms of Service
              </Link>
            </li>
            <li>
              <button
                type="button"
                css={styles.cookieButton}
                onClick={() => window.dispatchEvent(new Event(OPEN_COOKIE_SETTINGS_EVENT))}
              >
                Cookie Settings
              </button>
            </li>
            {canInstall ? (
              <li>
                <InstallButton css={styles.cookieButton} />
              </li>
            ) : null}
          </ul>
        </div>
      </Container>
    </footer>
  );
}

const styles = {
  footer: {
    marginTop: space.xxl,
    paddingTop: space.xxl,
    background: colors.surface,
    borderTop: `1px solid ${colors.border}`,
    fontSize: fontSizes.sm,
  },
  top: { display: 'grid', gap: space.xl, [mq.lg]: { gridTemplateColumns: '320px 1fr' } },
  address: { fontStyle: 'normal', marginTop: space.md, color: colors.textMuted, lineHeight: 1.8 },
  social: { listStyle: 'none', padding: 0, margin: `${space.md} 0 0`, display: 'flex', gap: space.md },
  columns: {
    display: 'grid',
    gap: space.lg,
    gridTemplateColumns: 'repeat(2, 1fr)',
    [mq.md]: { gridTemplateColumns: 'repeat(4, 1fr)' },
  },
  heading: { fontSize: fontSizes.sm, textTransform: 'uppercase', letterSpacing: '0.06em', marginBottom: space.md },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space.sm },
  link: {
    color: colors.textMuted,
    textDecoration: 'none',
    '&:hover': { color: colors.primary, textDecoration: 'underline' },
  },
  bottom: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: space.md,
    marginTop: space.xl,
    paddingBlock: space.lg,
    borderTop: `1px solid ${colors.border}`,
    color: colors.textMuted,
  },
  cookieButton: {
    padding: 0,
    border: 0,
    background: 'none',
    color: colors.textMuted,
    cursor: 'pointer',
    textDecoration: 'underline',
    minHeight: 24,
  },
} as const;
