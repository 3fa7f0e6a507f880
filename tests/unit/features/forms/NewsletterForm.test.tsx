// The newsletter form against the POST / contract, with fetch stubbed at the network edge.
// The no-JavaScript markup (method, action, hidden inputs) and the honeypot are invisible by design: read the DOM.
/* eslint-disable testing-library/no-node-access, testing-library/no-container */
import { screen } from '@testing-library/react';
import { NewsletterForm } from '../../../../src/features/forms';
import { renderWithProviders } from '../../../support/render';

const SUCCESS = "Thanks for subscribing! We'll keep you updated with the latest news.";
const FAILURE = 'Something went wrong. Please try again later.';

let fetchSpy: jest.SpiedFunction<typeof fetch>;

beforeEach(() => {
  fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(Response.json({ ok: true })));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

const email = () => screen.getByRole('textbox', { name: 'Email address' });

describe('NewsletterForm', () => {
  it('posts form-name, email and the honeypot, reads "Subscribing..." while busy, then thanks and clears', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchSpy.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user, container } = renderWithProviders(<NewsletterForm />);
    await user.type(email(), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(screen.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/');
    expect(init?.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(init?.body as string))).toEqual({
      'form-name': 'blog-newsletter',
      email: 'ada@example.com',
      'bot-field': '',
    });

    answer(Response.json({ ok: true }));
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(SUCCESS);
    expect(email()).toHaveValue('');
    expect(container.querySelector('input[name="bot-field"]')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it('still thanks the visitor when the server answers with an error status (docs/requirements.md#form-posts)', async () => {
    fetchSpy.mockImplementation(() => Promise.resolve(Response.json({ error: 'Rate limited' }, { status: 429 })));
    const { user } = renderWithProviders(<NewsletterForm />);
    await user.type(email(), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(screen.queryByText(FAILURE)).not.toBeInTheDocument();
  });

  it('shows the error text when the request throws, keeping the email', async () => {
    fetchSpy.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = renderWithProviders(<NewsletterForm />);
    await user.type(email(), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILURE);
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
    expect(email()).toHaveValue('ada@example.com');
  });

  it('does nothing with an empty email', async () => {
    const { user } = renderWithProviders(<NewsletterForm />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await user.type(email(), '   ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is a real form without JavaScript, and confirms a subscription that came back as /blog?subscribed=1', () => {
    const { container } = renderWithProviders(<NewsletterForm />, { route: '/blog?subscribed=1' });
    const form = container.querySelector('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/');
    expect(email()).toBeRequired();
    expect(email()).toHaveAttribute('type', 'email');
    expect(screen.getByRole('status')).toHaveTextContent(SUCCESS);
  });
});
