// The post's table of contents (levels 1–3) with the section being read highlighted. Links are
// plain #heading-N anchors, so they work before hydration and without JavaScript.
import { useEffect, useMemo, useState } from 'react';
import type { TocItem } from '../../content/model';
import { colors, fontSizes, space } from '../../ui/theme';

const flatten = (items: readonly TocItem[]): TocItem[] => items.flatMap((item) => [item, ...flatten(item.children)]);

/** The id of the last heading scrolled past the top of the viewport (under the fixed bar). */
function useActiveHeading(ids: readonly string[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined' || ids.length === 0) return;
    const headings = ids.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null);
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        const firstVisible = ids.find((id) => visible.has(id));
        if (firstVisible) setActive(firstVisible);
      },
      // The band just below the 70 px bar counts as "being read".
      { rootMargin: '-80px 0px -60% 0px' },
    );
    headings.forEach((heading) => observer.observe(heading));
    return () => observer.disconnect();
  }, [ids]);
  return active;
}

function TocList({ items, active }: { items: readonly TocItem[]; active: string | null }) {
  return (
    <ol css={{ listStyle: 'none', margin: 0, paddingLeft: space.md, display: 'grid', gap: space.xs }}>
      {items.map((item) => (
        <li key={item.id}>
          <a
            href={`#${item.id}`}
            aria-current={active === item.id ? 'location' : undefined}
            css={{
              display: 'block',
              padding: `2px ${space.sm}`,
              borderLeft: `3px solid ${active === item.id ? colors.primary : 'transparent'}`,
              color: active === item.id ? colors.primary : colors.textMuted,
              fontWeight: active === item.id ? 700 : 400,
              textDecoration: 'none',
              fontSize: fontSizes.sm,
              '&:hover': { color: colors.primary },
            }}
          >
            {item.text}
          </a>
          {item.children.length > 0 ? <TocList items={item.children} active={active} /> : null}
        </li>
      ))}
    </ol>
  );
}

export function TableOfContents({ items }: { items: readonly TocItem[] }) {
  const ids = useMemo(() => flatten(items).map((item) => item.id), [items]);
  const active = useActiveHeading(ids);
  if (items.length === 0) return null;
  return (
    <nav aria-labelledby="toc-heading" css={{ fontSize: fontSizes.sm }}>
      <h2 id="toc-heading" css={{ fontSize: fontSizes.sm, textTransform: 'uppercase', letterSpacing: '0.06em' }}>
        On this page
      </h2>
      <TocList items={items} active={active} />
    </nav>
  );
}
