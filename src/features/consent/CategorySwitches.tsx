// The list of consent categories with their switches, shared by the banner and the privacy page's panel.
import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { colors, fontSizes, radii, space } from '../../ui/theme';
import { consentCategoryToggled } from './actions';
import { consentCategories, isLocked } from './categories';
import { REQUIRED_LABEL, consentDescriptions, consentLabels } from './labels';
import type { ConsentCategory } from './categories';
import { selectConsentDraft } from './consentSlice';

function CategorySwitch({ category }: { category: ConsentCategory }) {
  const id = useId();
  const dispatch = useAppDispatch();
  const granted = useAppSelector(selectConsentDraft)[category] === 'granted';
  const locked = isLocked(category);
  return (
    <li css={styles.row}>
      <div>
        <span id={`${id}-label`} css={styles.label}>
          {consentLabels[category]}
        </span>
        <span id={`${id}-description`} css={styles.description}>
          {consentDescriptions[category]}
        </span>
      </div>
      <div css={styles.control}>
        {locked ? (
          <span id={`${id}-required`} css={styles.required}>
            {REQUIRED_LABEL}
          </span>
        ) : null}
        <button
          type="button"
          role="switch"
          aria-checked={granted}
          aria-labelledby={`${id}-label`}
          aria-describedby={locked ? `${id}-required ${id}-description` : `${id}-description`}
          disabled={locked}
          onClick={() => dispatch(consentCategoryToggled({ category }))}
          css={styles.switch}
        >
          <span css={styles.thumb} aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}

export function CategorySwitches() {
  return (
    <ul css={styles.list}>
      {consentCategories.map((category) => (
        <CategorySwitch key={category} category={category} />
      ))}
    </ul>
  );
}

const styles = {
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space.sm },
  row: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: space.md,
    padding: `${space.sm} 0`,
    borderTop: `1px solid ${colors.border}`,
  },
  label: { display: 'block', fontWeight: 600, color: colors.text },
  description: { display: 'block', fontSize: fontSizes.xs, color: colors.textMuted },
  control: { display: 'flex', alignItems: 'center', gap: space.sm, flexShrink: 0 },
  required: { fontSize: fontSizes.xs, fontWeight: 600, color: colors.textMuted },
  switch: {
    position: 'relative',
    width: 48,
    height: 28,
    padding: 0,
    borderRadius: radii.pill,
    border: `2px solid ${colors.textMuted}`,
    background: colors.surface,
    cursor: 'pointer',
    '&[aria-checked="true"]': { background: colors.primary, borderColor: colors.primary },
    '&[aria-checked="true"] > span': { transform: 'translateX(20px)', background: colors.primaryText },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
  thumb: {
    position: 'absolute',
    top: 2,
    left: 2,
    width: 20,
    height: 20,
    borderRadius: radii.pill,
    background: colors.textMuted,
    transition: 'transform 150ms ease',
    '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
  },
} as const;
