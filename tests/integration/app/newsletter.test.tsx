// The blog listing's newsletter block carries the subscription form.
import { screen, within } from '@testing-library/react';
import { makeStore } from '../../../src/app/store';
import { contentExtraFor } from '../../../src/features/blog';
import { buildPost } from '../../support/builders';
import { fixedSource } from '../../support/fixedSource';
import { renderApp } from '../../support/render';

afterEach(() => jest.restoreAllMocks());

it('lets a blog reader subscribe from the newsletter block', async () => {
  const fetchSpy = jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(() => Promise.resolve(Response.json({ ok: true })));
  const store = makeStore(undefined, { extra: contentExtraFor(fixedSource([buildPost()])) });
  const { user } = renderApp({ route: '/blog', store });
  const block = await screen.findByRole('region', { name: 'Salesforce insights in your inbox' });
  expect(block).toHaveTextContent('Join 5000+ Salesforce professionals');
  await user.type(within(block).getByRole('textbox', { name: 'Email address' }), 'ada@example.com');
  await user.click(within(block).getByRole('button', { name: 'Subscribe' }));
  expect(
    await within(block).findByText("Thanks for subscribing! We'll keep you updated with the latest news."),
  ).toBeInTheDocument();
  expect(new URLSearchParams(fetchSpy.mock.calls[0]![1]?.body as string).get('form-name')).toBe('blog-newsletter');
});
