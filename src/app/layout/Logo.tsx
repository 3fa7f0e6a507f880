import { useId } from 'react';
import { Link } from 'react-router-dom';
import { siteConfig } from '../../shared/config';
import { paths } from '../../shared/paths';
import { colors, fontSizes } from '../../ui/theme';

export function Logo() {
  // The logo appears in both the top bar and the footer: a fixed id would be duplicated on every page. useId gives
  // each instance its own id, the same in the prerendered HTML and after hydration.
  const gradientId = useId();
  return (
    <Link
      to={paths.home}
      aria-label={`${siteConfig.name} home`}
      css={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 10,
        color: colors.text,
        textDecoration: 'none',
        fontWeight: 800,
        fontSize: fontSizes.lg,
        letterSpacing: '-0.02em',
        whiteSpace: 'nowrap',
        '&:hover': { color: colors.text },
      }}
    >
      <svg width="34" height="34" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#0b5fce" />
            <stop offset="1" stopColor="#00a3a3" />
          </linearGradient>
        </defs>
        <path
          fill={`url(#${gradientId})`}
          d="M12.5 31C7.3 31 3 26.9 3 21.7c0-4.5 3.2-8.3 7.5-9.2C12 8.1 16.2 5 21 5c5.6 0 10.3 4.1 11 9.5 3.3 1 5.5 4 5.5 7.5 0 4.9-4 9-9 9H12.5Z"
        />
        <path
          d="M12 24l5-7 4 5 3-3 4 5"
          fill="none"
          stroke="#fff"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>{siteConfig.shortName}</span>
    </Link>
  );
}
