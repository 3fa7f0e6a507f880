import { act, screen, waitFor } from '@testing-library/react';
import { TopBar } from '../../../src/app/layout/TopBar';
import { enableRoutePreloading } from '../../../src/app/preload';
import { renderWithProviders } from '../../support/render';

describe('navigation intent preloading', () => {
  it("loads a page's code when its link in the top bar is hovered or focused, once", async () => {
    const customersPage = jest.fn(() => Promise.resolve({ Component: () => null }));
    const companyPage = jest.fn(() => Promise.resolve({ Component: () => null }));
    enableRoutePreloading([
      { id: 'page-customers', path: '/customers', lazy: customersPage },
      { id: 'page-company', path: '/company', lazy: companyPage },
    ]);
    const { user } = renderWithProviders(<TopBar />);
    // jsdom applies no media queries, so the desktop navigation counts as hidden here.
    const customersLink = () => screen.getAllByRole('link', { name: 'Customers', hidden: true })[0] as HTMLElement;

    await user.hover(customersLink());
    expect(customersPage).toHaveBeenCalledTimes(1);
    await user.unhover(customersLink());
    await user.hover(customersLink());
    expect(customersPage).toHaveBeenCalledTimes(1);

    act(() => (screen.getAllByRole('link', { name: 'Company', hidden: true })[0] as HTMLElement).focus());
    // The queue's own code loads on the first intent, so the page's load starts a moment later.
    await waitFor(() => expect(companyPage).toHaveBeenCalledTimes(1));
  });
});
