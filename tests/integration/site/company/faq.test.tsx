import { screen, within } from '@testing-library/react';
import { faqMeta } from '../../../../src/site/company/FaqPage';
import { renderApp } from '../../../support/render';

/** The page is a lazy chunk; on a busy machine its first import takes more than the default second. */
const LAZY_PAGE = { timeout: 10_000 };

describe('FAQ page', () => {
  it('opens and closes answers from the keyboard, and arrow keys move between questions', async () => {
    const { user } = renderApp({ route: '/faq' });
    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' }, LAZY_PAGE);
    const main = screen.getByRole('main');
    const first = within(main).getByRole('button', { name: 'How long does a Salesforce implementation take?' });
    const second = within(main).getByRole('button', { name: 'How do you price a project?' });
    const answer = within(main).getByText(
      /^A focused Sales Cloud or Service Cloud rollout usually takes 8 to 14 weeks/,
    );
    expect(first).toHaveAttribute('aria-controls', answer.id);

    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(answer).not.toBeVisible();
    expect(answer).toHaveTextContent(/8 to 14 weeks/);

    first.focus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'How long does a Salesforce implementation take?' })).toBeVisible();

    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard(' ');
    expect(second).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{ArrowUp}');
    expect(first).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(answer).not.toBeVisible();

    await user.keyboard('{End}');
    const all = within(main).getAllByRole('button', { expanded: false });
    expect(all[all.length - 1]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(first).toHaveFocus();
  });

  it('lists every question of the page in its FAQPage JSON-LD, with the answer shown', async () => {
    renderApp({ route: '/faq' });
    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' }, LAZY_PAGE);
    const main = screen.getByRole('main');
    const buttons = within(main).getAllByRole('button', { expanded: false });

    const jsonLd = faqMeta().jsonLd as {
      '@type': string;
      mainEntity: { '@type': string; name: string; acceptedAnswer: { text: string } }[];
    };
    expect(jsonLd['@type']).toBe('FAQPage');
    expect(jsonLd.mainEntity.map((entry) => entry.name)).toEqual(buttons.map((button) => button.textContent));
    for (const entry of jsonLd.mainEntity) {
      const panel = within(main).getByText(entry.acceptedAnswer.text);
      expect(within(main).getByRole('button', { name: entry.name })).toHaveAttribute('aria-controls', panel.id);
    }
    expect(jsonLd.mainEntity.length).toBeGreaterThanOrEqual(10);
  });
});
