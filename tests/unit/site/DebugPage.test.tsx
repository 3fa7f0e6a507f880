// /debug: its sections, the live monitoring state, and the image panel against the image-service
// contract (fetch and XMLHttpRequest stubbed at the network edge).
import { act, screen, within } from '@testing-library/react';
import { alertsRaised, metricRecorded, sessionStarted, vitalRecord } from '../../../src/features/monitoring';
import { DebugPage } from '../../../src/site/internal/DebugPage';
import { renderWithProviders } from '../../support/render';
import { buildImageMeta } from '../../support/builders';

let fetchSpy: jest.SpiedFunction<typeof fetch>;

beforeEach(() => {
  fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url === '/api/images' && !init?.method) return Promise.resolve(Response.json([buildImageMeta()]));
    if (url === '/api/images/img-1' && init?.method === 'DELETE')
      return Promise.resolve(new Response(null, { status: 204 }));
    return Promise.reject(new Error(`Unexpected request ${url}`));
  });
});

afterEach(() => jest.restoreAllMocks());

// The machine running the suite is shared: give the page's effects time.
const slow = { timeout: 5000 };

class FakeXhr {
  static last: FakeXhr | undefined;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  private listeners: Record<string, (() => void)[]> = {};
  private progressListeners: ((event: ProgressEvent) => void)[] = [];
  upload = {
    addEventListener: (_type: string, listener: (event: ProgressEvent) => void) =>
      this.progressListeners.push(listener),
  };
  constructor() {
    FakeXhr.last = this;
  }
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: () => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  send() {}
  progress(percent: number) {
    this.progressListeners.forEach((listener) =>
      listener({ loaded: percent, total: 100, lengthComputable: true } as ProgressEvent),
    );
  }
  respond(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    (this.listeners.load ?? []).forEach((listener) => listener());
  }
}

/** Records the multipart fields (the environment's FormData is Node's, which refuses jsdom's File). */
class FakeFormData {
  static last: FakeFormData | undefined;
  fields: [string, unknown, string | undefined][] = [];
  constructor() {
    FakeFormData.last = this;
  }
  append(name: string, value: unknown, filename?: string) {
    this.fields.push([name, value, filename]);
  }
}

describe('DebugPage', () => {
  it('shows build, connection, vitals, metrics, alerts, store and image sections', async () => {
    const { store, user } = renderWithProviders(<DebugPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Debug information' })).toBeInTheDocument();
    for (const name of ['Build', 'Connection', 'Web vitals', 'Metrics', 'Alerts', 'Store', 'Images']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const build = screen.getByRole('region', { name: 'Build' });
    expect(within(build).getByText('1.0.0')).toBeInTheDocument();
    expect(within(build).getByText('mock')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Connection' })).getByText('online')).toBeInTheDocument();

    act(() => {
      store.dispatch(sessionStarted({ sampled: true, sampleRate: 1, startedAt: 0 }));
      store.dispatch(metricRecorded(vitalRecord({ name: 'LCP', value: 4500, navigationType: 'navigate' })));
      store.dispatch(metricRecorded(vitalRecord({ name: 'CLS', value: 0.05, navigationType: 'navigate' })));
      store.dispatch(
        alertsRaised([
          {
            id: 'a1',
            level: 'error',
            metric: 'LCP',
            value: 4500,
            threshold: 4000,
            message: 'LCP is 4500 ms, above 4000 ms',
            timestamp: 1,
            path: '/debug',
          },
        ]),
      );
    });
    const lcpRow = screen.getByRole('row', { name: /LCP/ });
    expect(lcpRow).toHaveTextContent('4500 ms');
    expect(lcpRow).toHaveTextContent('poor');
    expect(screen.getByRole('row', { name: /CLS/ })).toHaveTextContent('good');
    const metrics = screen.getByRole('region', { name: 'Metrics' });
    expect(metrics).toHaveTextContent(/Buffered2In flight/);
    expect(metrics).toHaveTextContent(/Dropped0Failed/);
    expect(within(metrics).getByRole('img', { name: 'Chart of the last 2 metrics' })).toBeInTheDocument();
    expect(screen.getByText(/LCP is 4500 ms, above 4000 ms/)).toBeInTheDocument();

    await user.click(screen.getByText('Store snapshot'));
    expect(await screen.findByText(/"monitoring": \{/, undefined, slow)).toBeInTheDocument();

    expect(fetchSpy).not.toHaveBeenCalledWith('/api/images', expect.anything());
    await user.click(screen.getByRole('button', { name: 'Show uploaded images' }));
    expect(await screen.findByRole('img', { name: 'team.jpg' }, slow)).toHaveAttribute(
      'src',
      '/api/images/img-1/file?w=96&h=72&fm=webp&fit=cover',
    );
    // The content service is checked when asked: that loads the content source's code.
    const connection = screen.getByRole('region', { name: 'Connection' });
    expect(within(connection).queryByText(/connected/)).not.toBeInTheDocument();
    await user.click(within(connection).getByRole('button', { name: 'Check the content service' }));
    expect(await within(connection).findByText(/connected/, undefined, slow)).toBeInTheDocument();
  });

  it('uploads an image with progress, then deletes it, with the token typed in', async () => {
    const original = window.XMLHttpRequest;
    const originalFormData = window.FormData;
    window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
    window.FormData = FakeFormData as unknown as typeof FormData;
    try {
      const { user } = renderWithProviders(<DebugPage />);
      await user.click(screen.getByRole('button', { name: 'Show uploaded images' }));
      await screen.findByRole('img', { name: 'team.jpg' }, slow);
      const token = screen.getByLabelText('Upload token');
      expect(token).toHaveAttribute('type', 'password');
      await user.type(token, 'secret');
      await user.upload(
        screen.getByLabelText('Image file'),
        new File([new Uint8Array(4)], 'office.png', { type: 'image/png' }),
      );
      await user.click(screen.getByRole('button', { name: 'Upload image' }));
      expect(FakeXhr.last!.headers.Authorization).toBe('Bearer secret');
      expect(FakeFormData.last!.fields).toEqual([['image', expect.any(File), 'office.png']]);
      act(() => FakeXhr.last!.progress(40));
      expect(screen.getByRole<HTMLProgressElement>('progressbar', { name: 'Upload progress' }).value).toBe(40);
      act(() =>
        FakeXhr.last!.respond(
          200,
          JSON.stringify(buildImageMeta({ id: 'img-2', filename: 'office.png', url: '/api/images/img-2/file' })),
        ),
      );
      expect(await screen.findByText('Uploaded office.png.', undefined, slow)).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'office.png' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Delete team.jpg' }));
      expect(await screen.findByText('Deleted team.jpg.', undefined, slow)).toBeInTheDocument();
      expect(screen.queryByRole('img', { name: 'team.jpg' })).not.toBeInTheDocument();
      const deletion = fetchSpy.mock.calls.find(([, init]) => init?.method === 'DELETE')!;
      expect(new Headers(deletion[1]?.headers).get('Authorization')).toBe('Bearer secret');
      expect(window.localStorage.length).toBe(0);
    } finally {
      window.XMLHttpRequest = original;
      window.FormData = originalFormData;
    }
  });

  it("shows the image service's error", async () => {
    fetchSpy.mockImplementation(() => Promise.resolve(new Response('oops', { status: 500 })));
    const { user } = renderWithProviders(<DebugPage />);
    await user.click(screen.getByRole('button', { name: 'Show uploaded images' }));
    expect(await screen.findByText('Failed to fetch images', undefined, slow)).toBeInTheDocument();
  });
});
