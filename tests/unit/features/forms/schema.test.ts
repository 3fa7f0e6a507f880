// One rule, two wordings: the form's words before anything is sent, the server's in POST /'s answer
// (tests/integration/server/forms.test.ts holds the server's contract word for word).
import { checkForm } from '../../../../src/features/forms/schema';

const contact = { 'form-name': 'home-contact', fullname: 'Ada Lovelace', email: 'ada@example.com' };

describe('checkForm', () => {
  it.each([
    ['an empty full name', { fullname: '  ' }, 'fullname', 'Please enter your full name.', 'Full name is required.'],
    [
      'an address the server would refuse',
      { email: 'ada@example' },
      'email',
      'Please enter a valid email address, such as name@example.com.',
      'Please enter a valid email address.',
    ],
    [
      'a long phone number',
      { phone: '1'.repeat(51) },
      'phone',
      'Please keep this to 50 characters or fewer.',
      'Phone number must be at most 50 characters.',
    ],
    [
      'a control character',
      { organization: 'Acme\x1b[31m' },
      'organization',
      'Organization contains a character that is not allowed.',
      'Organization contains a character that is not allowed.',
    ],
  ])('words %s for the form and for the server', (_case, change, field, form, server) => {
    const post = { ...contact, ...change };
    expect(checkForm('home-contact', post, 'form')).toEqual({ ok: false, problems: [{ field, error: form }] });
    expect(checkForm('home-contact', post, 'server')).toEqual({ ok: false, problems: [{ field, error: server }] });
  });

  it('reports the first problem of each field, in the form’s order', () => {
    const check = checkForm('home-contact', { email: 'a'.repeat(260), fullname: '' }, 'form');
    expect(check).toEqual({
      ok: false,
      problems: [
        { field: 'fullname', error: 'Please enter your full name.' },
        { field: 'email', error: 'Please keep this to 254 characters or fewer.' },
      ],
    });
  });

  it('counts the limit after trimming, in UTF-16 units as the browser’s maxlength does', () => {
    expect(checkForm('home-contact', { ...contact, fullname: ` ${'a'.repeat(200)} ` }, 'server').ok).toBe(true);
    expect(checkForm('home-contact', { ...contact, fullname: '😀'.repeat(101) }, 'server')).toMatchObject({
      ok: false,
      problems: [{ field: 'fullname', error: 'Full name must be at most 200 characters.' }],
    });
  });

  it('keeps the fields of the form only, trimmed, with checkboxes as booleans', () => {
    expect(
      checkForm(
        'home-contact',
        { ...contact, fullname: ' Ada ', 'subscribe-updates': 'on', 'bot-field': '', admin: 'yes' },
        'server',
      ),
    ).toEqual({
      ok: true,
      fields: {
        fullname: 'Ada',
        email: 'ada@example.com',
        phone: '',
        organization: '',
        'project-description': '',
        'subscribe-updates': true,
        'sms-consent': false,
      },
    });
  });

  it('refuses a field sent twice', () => {
    expect(checkForm('blog-newsletter', { email: ['a@b.co', 'c@d.co'] }, 'server')).toEqual({
      ok: false,
      problems: [{ field: 'email', error: 'Email address was sent more than once.' }],
    });
  });
});
