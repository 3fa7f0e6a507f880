import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { colors, radii } from '../../ui/theme';
import { selectThemeMode, themeChanged } from './themeSlice';

/** Both icons are rendered; CSS shows the right one, so the prerendered markup never flashes. */
export function ThemeToggle() {
  const mode = useAppSelector(selectThemeMode);
  const dispatch = useAppDispatch();
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={() => dispatch(themeChanged(next))}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      data-testid="theme-toggle"
      css={{
        display: 'inline-grid',
        placeItems: 'center',
        width: 44,
        height: 44,
        borderRadius: radii.pill,
        border: `1px solid ${colors.border}`,
        background: 'transparent',
        color: colors.text,
        cursor: 'pointer',
        '.icon-sun': { display: 'none' },
        'html.dark & .icon-sun': { display: 'block' },
        'html.dark & .icon-moon': { display: 'none' },
      }}
    >
      <svg className="icon-moon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M21 14.5A8.5 8.5 0 0 1 9.5 3a8.5 8.5 0 1 0 11.5 11.5Z" />
      </svg>
      <svg className="icon-sun" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="4.5" fill="currentColor" />
        <path
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8"
        />
      </svg>
    </button>
  );
}
