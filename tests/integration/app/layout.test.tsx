import { screen, within } from '@testing-library/react';
import { renderApp } from '../../support/render';

const ready = () => screen.findByRole('heading', { level: 1 });

// jsdom ignores media queries, so the desktop navigation (hidden below 1024 px) counts as hidden.
const desktop = { hidden: true } as const;
const mainNavigation = () => {
  const nav = screen
    .getAllByRole('navigation', desktop)
    .find((element) => element.getAttribute('aria-label') === 'Main');
  if (!nav) throw new Error('No navigation labelled "Main"');
  return nav;
};

describe('layout shell', () => {
  it('opens the services mega-menu from the keyboard and closes it with Escape', async () => {
    const { user } = renderApp({ route: '/' });
    await ready();
    const toggle = screen.getByRole('button', { name: 'Show services menu', ...desktop });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByTestId('mega-menu');
    expect(within(menu).getByRole('heading', { name: 'Platform solutions', ...desktop })).toBeInTheDocument();
    expect(within(menu).getByRole('heading', { name: 'Digital services', ...desktop })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Explore Einstein AI', ...desktop })).toHaveAttribute(
      'href',
      '/services/einstein-ai',
    );
    // (Tabbing into the menu is covered by the browser suite: jsdom hides the desktop bar.)
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('opens the mega-menu on hover', async () => {
    const { user } = renderApp({ route: '/' });
    await ready();
    await user.hover(screen.getByRole('link', { name: 'Services', ...desktop }));
    expect(screen.getByTestId('mega-menu')).toBeInTheDocument();
  });

  it('toggles the mobile menu and closes it after navigating', async () => {
    const { user } = renderApp({ route: '/' });
    await ready();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobileNav = screen.getByRole('navigation', { name: 'Mobile' });
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(mobileNav).getByRole('link', { name: 'Careers' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Build a career in Salesforce consulting' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });

  it('has the top bar links and the Get In Touch button', async () => {
    renderApp({ route: '/' });
    await ready();
    const main = mainNavigation();
    for (const [name, href] of [
      ['Customers', '/customers'],
      ['Company', '/company'],
      ['Careers', '/careers'],
    ]) {
      expect(within(main).getByRole('link', { name, ...desktop })).toHaveAttribute('href', href);
    }
    expect(screen.getByText('Get In Touch')).toHaveAttribute('href', '/contact');
  });

  it('shows the four footer columns, contact details and the current year', async () => {
    renderApp({ route: '/' });
    await ready();
    const footer = screen.getByRole('contentinfo');
    for (const heading of ['Company', 'Services', 'Products', 'Resources']) {
      expect(within(footer).getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(within(footer).getByRole('link', { name: 'hello@example.com' })).toHaveAttribute(
      'href',
      'mailto:hello@example.com',
    );
    expect(within(footer).getByText(/Raleigh, NC/)).toBeInTheDocument();
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Meridian Cloud Consulting`);
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(within(footer).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
  });

  it('fires the openCookieSettings window event from the footer', async () => {
    const { user } = renderApp({ route: '/' });
    await ready();
    const listener = jest.fn();
    window.addEventListener('openCookieSettings', listener);
    await user.click(screen.getByRole('button', { name: 'Cookie Settings' }));
    window.removeEventListener('openCookieSettings', listener);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
