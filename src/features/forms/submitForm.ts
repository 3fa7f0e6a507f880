// Posting the site's forms to the server the way a browser without JavaScript would (POST / with a
// form-urlencoded body), asking for a JSON answer instead of the 303 redirect.

export const FORM_ACTION = '/';

/**
 * The body a browser would submit for this form: every named text field (also when empty), and
 * checkboxes only when ticked, with their value ('on' unless set) — the HTML form-submission
 * rules, so the server sees the same fields with and without JavaScript.
 */
export function serializeForm(form: HTMLFormElement): URLSearchParams {
  const body = new URLSearchParams();
  for (const element of Array.from(form.elements)) {
    if (!(
      element instanceof HTMLInputElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement
    ))
      continue;
    if (!element.name || element.disabled) continue;
    if (element instanceof HTMLInputElement) {
      if (element.type === 'submit' || element.type === 'button' || element.type === 'reset' || element.type === 'file')
        continue;
      if ((element.type === 'checkbox' || element.type === 'radio') && !element.checked) continue;
    }
    body.append(element.name, element.value);
  }
  return body;
}

/** POSTs a form body; resolves with the response whatever its status, rejects when the request fails. */
export function postForm(body: URLSearchParams): Promise<Response> {
  return fetch(FORM_ACTION, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: body.toString(),
  });
}

/** The server's validation answer (400 `{ error, field }`), when the response carries one. */
export async function readFormError(response: Response): Promise<{ error?: string; field?: string } | undefined> {
  try {
    const body = (await response.json()) as unknown;
    if (typeof body !== 'object' || body === null) return undefined;
    const { error, field } = body as Record<string, unknown>;
    return {
      error: typeof error === 'string' ? error : undefined,
      field: typeof field === 'string' ? field : undefined,
    };
  } catch {
    return undefined;
  }
}
