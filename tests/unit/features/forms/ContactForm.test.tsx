// The contact form against the POST / contract, with fetch stubbed at the network edge.
// The no-JavaScript markup (method, action, hidden inputs) and the honeypot are invisible by design: read the DOM.
/* eslint-disable testing-library/no-node-access, testing-library/no-container */
import { act, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { makeStore } from '../../../../src/app/store';
import { ContactForm } from '../../../../src/features/forms';
import { renderWithProviders } from '../../../support/render';

const SUCCESS = 'Thank you for your message! We will get back to you soon.';
const FAILURE = 'Oops! There was a problem submitting your form. Please try again later.';

let fetchSpy: jest.SpiedFunction<typeof fetch>;
let errorSpy: jest.SpyInstance;

beforeEach(() => {
  fetchSpy = jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(() => Promise.resolve(Response.json({ ok: true }, { status: 200 })));
  errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

const field = (name: RegExp) => screen.getByRole('textbox', { name });

async function fillRequired(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(field(/full name/i), 'Ada Lovelace');
  await user.type(field(/email/i), 'ada@example.com');
}

const postedBody = () => {
  const [url, init] = fetchSpy.mock.calls[0]!;
  expect(url).toBe('/');
  expect(init?.method).toBe('POST');
  const headers = new Headers(init?.headers);
  expect(headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
  expect(headers.get('Accept')).toBe('application/json');
  return new URLSearchParams(init?.body as string);
};

describe('ContactForm', () => {
  it('is a real form posting to / with its form name, so it works without JavaScript', () => {
    const { container } = renderWithProviders(<ContactForm />);
    const form = container.querySelector('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/');
    expect(container.querySelector('input[type="hidden"][name="form-name"]')).toHaveValue('home-contact');
  });

  it('leaves checking to the browser in the server markup, and takes it over once it is live, on the same form', async () => {
    const ui = (
      <Provider store={makeStore()}>
        <ContactForm />
      </Provider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui);
    document.body.append(container);
    const form = container.querySelector('form')!;
    // Without JavaScript: the browser checks the required fields, and a post that came back shows its notice.
    expect(form.noValidate).toBe(false);
    expect(container.querySelector('#message-sent')).toHaveTextContent(SUCCESS);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, ui);
      await Promise.resolve();
    });
    expect(container.querySelector('form')).toBe(form);
    expect(form.noValidate).toBe(true);
    expect(container.querySelector('#message-sent')).toBeNull();
    expect(errorSpy).not.toHaveBeenCalled();
    act(() => root?.unmount());
    container.remove();
  });

  it('has visible, associated labels and the server limits as native constraints', () => {
    renderWithProviders(<ContactForm />);
    expect(field(/full name/i)).toBeRequired();
    expect(field(/full name/i)).toHaveAttribute('maxLength', '200');
    expect(field(/email/i)).toBeRequired();
    expect(field(/email/i)).toHaveAttribute('type', 'email');
    expect(field(/email/i)).toHaveAttribute('maxLength', '254');
    expect(field(/phone/i)).not.toBeRequired();
    expect(field(/phone/i)).toHaveAttribute('maxLength', '50');
    expect(field(/organization/i)).toHaveAttribute('maxLength', '200');
    expect(field(/project/i)).toHaveAttribute('maxLength', '5000');
    expect(screen.getByRole('checkbox', { name: /news and event/i })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /text messages/i })).not.toBeChecked();
  });

  it('hides the honeypot from people and assistive technology', () => {
    const { container } = renderWithProviders(<ContactForm />);
    const honeypot = container.querySelector<HTMLInputElement>('input[name="bot-field"]')!;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /leave this field empty/i })).not.toBeInTheDocument();
  });

  it('posts form-name and every field, checkboxes as "on" when ticked, then thanks the visitor and resets', async () => {
    const { user } = renderWithProviders(<ContactForm />);
    await fillRequired(user);
    await user.type(field(/phone/i), '+1 919 555 0100');
    await user.type(field(/organization/i), 'Analytical Engines');
    await user.type(field(/project/i), 'Service Cloud rollout');
    await user.click(screen.getByRole('checkbox', { name: /news and event/i }));
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(SUCCESS);
    expect(Object.fromEntries(postedBody())).toEqual({
      'form-name': 'home-contact',
      fullname: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+1 919 555 0100',
      organization: 'Analytical Engines',
      'project-description': 'Service Cloud rollout',
      'subscribe-updates': 'on',
      'bot-field': '',
    });
    expect(field(/full name/i)).toHaveValue('');
    expect(field(/project/i)).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /news and event/i })).not.toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the failure alert, logs the error and keeps the input when the server refuses', async () => {
    fetchSpy.mockImplementation(() => Promise.resolve(Response.json({ error: 'Too many requests' }, { status: 429 })));
    const { user } = renderWithProviders(<ContactForm />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILURE);
    expect(screen.getByText(FAILURE)).toBeInTheDocument();
    expect(errorSpy).toHaveBeenCalledWith(
      'Contact form submission failed',
      expect.objectContaining({ status: 429, formName: 'home-contact' }),
    );
    expect(field(/full name/i)).toHaveValue('Ada Lovelace');
    expect(field(/email/i)).toHaveValue('ada@example.com');
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
  });

  it('shows the failure alert when the request itself fails', async () => {
    fetchSpy.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = renderWithProviders(<ContactForm />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(FAILURE)).toBeInTheDocument();
    expect(errorSpy).toHaveBeenCalledWith('Contact form submission failed', expect.any(TypeError), {
      formName: 'home-contact',
    });
    expect(field(/email/i)).toHaveValue('ada@example.com');
  });

  it('shows the server’s message next to the field it names', async () => {
    fetchSpy.mockImplementation(() =>
      Promise.resolve(Response.json({ error: 'Enter a valid email address.', field: 'email' }, { status: 400 })),
    );
    const { user } = renderWithProviders(<ContactForm />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(FAILURE)).toBeInTheDocument();
    expect(field(/email/i)).toHaveAccessibleDescription('Enter a valid email address.');
  });

  it('disables the button while sending', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchSpy.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = renderWithProviders(<ContactForm />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer(Response.json({ ok: true }));
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('explains what is missing after a failed attempt, and sends nothing', async () => {
    const { user } = renderWithProviders(<ContactForm />);
    expect(field(/full name/i)).not.toHaveAttribute('aria-invalid');
    await user.type(field(/email/i), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(field(/full name/i)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/full name/i)).toHaveAccessibleDescription('Please enter your full name.');
    expect(field(/full name/i)).toHaveFocus();
    expect(field(/email/i)).toHaveAccessibleDescription(
      'Please enter a valid email address, such as name@example.com.',
    );
    expect(field(/phone/i)).not.toHaveAttribute('aria-invalid');

    // Messages follow the visitor's corrections.
    await user.type(field(/full name/i), 'Ada');
    expect(field(/full name/i)).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter your full name.')).not.toBeInTheDocument();
  });

  it('stops an address the server would refuse before sending it', async () => {
    const { user } = renderWithProviders(<ContactForm />);
    await user.type(field(/full name/i), 'Ada Lovelace');
    await user.type(field(/email/i), 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(field(/email/i)).toHaveAccessibleDescription(
      'Please enter a valid email address, such as name@example.com.',
    );
    expect(field(/email/i)).toHaveFocus();
  });

  it('prefills the project description', () => {
    renderWithProviders(<ContactForm defaultProjectDescription="Interested in the Premium support plan." />);
    expect(field(/project/i)).toHaveValue('Interested in the Premium support plan.');
  });

  it('confirms a message sent without JavaScript', () => {
    renderWithProviders(<ContactForm sentWithoutScript />);
    expect(within(screen.getByRole('status')).getByText(SUCCESS)).toBeInTheDocument();
  });
});
