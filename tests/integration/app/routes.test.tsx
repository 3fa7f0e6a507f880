import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../support/render';

describe('routes', () => {
  it('renders the home page inside the shared layout', async () => {
    renderApp({ route: '/' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Salesforce that your teams actually use' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Meridian Cloud Consulting. All rights reserved.');
  });

  it('shows "Loading Meridian Cloud Consulting" until the first page chunk is ready', async () => {
    renderApp({ route: '/about' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading Meridian Cloud Consulting');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Meridian Cloud Consulting' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Loading Meridian Cloud Consulting')).not.toBeInTheDocument();
  });

  it.each([
    ['/services/sales-cloud', 'Sales Cloud'],
    ['/services/customer-success', 'Customer Success Solutions'],
    ['/case-studies/luxe-properties', 'Luxe Properties answers every buyer inquiry within minutes'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/careers', 'Build a career in Salesforce consulting'],
  ])('renders %s with its own heading', async (route, heading) => {
    renderApp({ route });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('shows the same page for the case-study aliases as for their canonical slugs', async () => {
    renderApp({ route: '/case-studies/healthtech-innovations' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'HealthTech Innovations coordinates care on Health Cloud' }),
    ).toBeInTheDocument();
  });

  it('shows the case-study index at /case-studies/index', async () => {
    renderApp({ route: '/case-studies/index' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Client success stories' })).toBeInTheDocument();
  });

  it('renders the 404 page for an unknown path, with a way home', async () => {
    const { user, router } = renderApp({ route: '/no/such/page' });
    expect(await screen.findByRole('heading', { level: 1, name: '404 - Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The page you're looking for doesn't exist.")).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('renders the 404 page for an unknown service slug', async () => {
    renderApp({ route: '/services/not-a-service' });
    expect(await screen.findByRole('heading', { level: 1, name: '404 - Page Not Found' })).toBeInTheDocument();
  });

  it('redirects /blogs/:slug to /blog/:slug', async () => {
    const { router } = renderApp({ route: '/blogs/hello-world' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog/hello-world'));
  });

  it('scrolls to the top and updates the document title on navigation', async () => {
    const { user } = renderApp({ route: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Salesforce that your teams actually use' });
    jest.mocked(window.scrollTo).mockClear();
    await user.click(screen.getByRole('link', { name: 'Terms of Service' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    await waitFor(() => expect(document.title).toBe('Terms of Service | Meridian Cloud Consulting'));
  });
});
