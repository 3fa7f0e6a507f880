import { screen, waitFor } from '@testing-library/react';
import { CONTACT_SUCCESS } from '../../../src/features/forms';
import { contactIntent } from '../../../src/site/company/contactIntent';
import { renderApp } from '../../support/render';

/** The lazy page chunk can take a while to load on a busy machine. */
const PAGE_LOAD = { timeout: 10_000 };

const intentOf = (query: string) => contactIntent(new URLSearchParams(query));

describe('contactIntent', () => {
  it.each([
    ['program=fundamentals', 'Salesforce Fundamentals training'],
    ['program=admin-cert', 'Admin Certification training'],
    ['program=developer', 'Developer Bootcamp training'],
    ['plan=essential', 'Essential support plan'],
    ['plan=premium', 'Premium support plan'],
    ['plan=enterprise', 'Enterprise support plan'],
    ['source=training', 'Salesforce training'],
    ['source=support', 'Salesforce support plans'],
  ])('?%s is about %s', (query, heading) => {
    expect(intentOf(query)).toEqual({ heading, projectDescription: `Interested in: ${heading}` });
  });

  it.each(['', 'program=astrology', 'plan=gold', 'source=newsletter', 'plan=toString', 'program=__proto__', 'foo=bar'])(
    'ignores unknown values (?%s)',
    (query) => {
      expect(intentOf(query)).toBeNull();
    },
  );

  it('prefers the programme or plan to the page the visitor came from, skipping unknown values', () => {
    expect(intentOf('source=training&program=developer')?.heading).toBe('Developer Bootcamp training');
    expect(intentOf('program=nope&plan=premium')?.heading).toBe('Premium support plan');
    expect(intentOf('plan=nope&source=support')?.heading).toBe('Salesforce support plans');
  });
});

describe('Contact page', () => {
  it('says what the visitor asked about', async () => {
    renderApp({ route: '/contact?program=admin-cert' });
    await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
    expect(await screen.findByText(/You asked about:/)).toHaveTextContent(
      'You asked about: Admin Certification training',
    );
  });

  it('prefills the contact form with what the visitor came for', async () => {
    renderApp({ route: '/contact?plan=premium' });
    await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
    const description = await screen.findByRole('textbox', { name: /project/i });
    await waitFor(() =>
      expect(description).toHaveValue(contactIntent(new URLSearchParams('plan=premium'))?.projectDescription),
    );
    expect(screen.getByRole('textbox', { name: /full name/i })).toHaveValue('');
  });

  it('confirms a message that was sent without JavaScript (?sent=1)', async () => {
    renderApp({ route: '/contact?sent=1' });
    expect(await screen.findByText(CONTACT_SUCCESS, {}, PAGE_LOAD)).toBeInTheDocument();
  });

  it('shows no note without a known query', async () => {
    renderApp({ route: '/contact?plan=platinum' });
    await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
    expect(screen.queryByText(/You asked about:/)).not.toBeInTheDocument();
  });
});
