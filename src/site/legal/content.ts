// Legal texts as data. The marketing-pages issue expands them to the full wording; the section
// structure (8 privacy sections, 11 terms sections) is the spec's.
import { siteConfig } from '../../shared/config';
import { contactDetails } from '../../shared/contact';

export type LegalDocument = {
  heading: string;
  description: string;
  lastUpdated: string;
  sections: readonly { heading: string; text: string }[];
};

/** The section that embeds the cookie settings panel. */
export const COOKIE_POLICY_HEADING = 'Cookie policy';

const controller = `${siteConfig.name}, ${contactDetails.address.street}, ${contactDetails.address.city}, ${contactDetails.address.region} ${contactDetails.address.postalCode}`;

export const privacyPolicy: LegalDocument = {
  heading: 'Privacy Policy',
  description: `How ${siteConfig.name} collects, uses and protects personal data, which cookies the site uses, and the rights you have.`,
  lastUpdated: '15 October 2023',
  sections: [
    {
      heading: 'Important information and who we are',
      text: `The controller of your personal data is ${controller}. Questions about this policy go to ${contactDetails.email}.`,
    },
    {
      heading: 'The data we collect about you',
      text: 'Identity and contact data you give us (name, email, phone, organisation), the content of your messages, and technical data such as browser type and pages visited when you allow analytics cookies.',
    },
    {
      heading: 'How your personal data is collected',
      text: 'Directly, when you fill in a contact or newsletter form or write to us; and automatically, through cookies and similar technologies, only in the categories you consent to.',
    },
    {
      heading: 'How we use your personal data',
      text: 'To answer your enquiries, to send updates you asked for, to improve the site, and to meet legal obligations. We do not sell personal data.',
    },
    {
      heading: 'Data security',
      text: 'We use encryption in transit, access controls and retention limits appropriate to the data, and we require the same of our processors.',
    },
    {
      heading: COOKIE_POLICY_HEADING,
      text: 'Essential cookies (functionality and security) keep the site working and secure and are always on. Analytics, advertising and personalisation cookies are used only with your consent, which you can give, refuse or change at any time below or with the Cookie Settings button in the footer. We measure visits with Google Analytics: its script is not requested from Google until you allow analytics cookies, and until then no analytics data leaves your browser. Your choice is stored in your browser’s local storage, not in a cookie.',
    },
    {
      heading: 'Your legal rights',
      text: `You may request access to, correction or deletion of your personal data, object to or restrict its processing, and withdraw consent, by writing to ${contactDetails.email}.`,
    },
    {
      heading: 'Changes to this policy',
      text: 'We review this policy regularly. Material changes are announced on this page with a new date.',
    },
  ],
};

export const termsOfService: LegalDocument = {
  heading: 'Terms of Service',
  description: `The terms that govern your use of the ${siteConfig.name} website, including governing law and how changes are announced.`,
  lastUpdated: '15 October 2023',
  sections: [
    {
      heading: 'Acceptance of terms',
      text: 'By using this website you agree to these terms. If you do not agree, please do not use the site.',
    },
    {
      heading: 'Use of the website',
      text: 'You may browse and share the site for lawful purposes. You may not disrupt it, probe its security or scrape it in bulk.',
    },
    {
      heading: 'Intellectual property',
      text: `Text, graphics and code on this site belong to ${siteConfig.name} or its licensors. Salesforce and related marks belong to Salesforce, Inc.`,
    },
    {
      heading: 'Information on the site',
      text: 'Content is provided for general information and does not constitute professional advice for your specific situation.',
    },
    {
      heading: 'Enquiries and proposals',
      text: 'Submitting a form does not create a client relationship; services are provided only under a signed agreement.',
    },
    {
      heading: 'Third-party links',
      text: 'Links to other websites are provided for convenience; we are not responsible for their content or practices.',
    },
    { heading: 'Privacy', text: 'Our Privacy Policy explains how we handle personal data you share through the site.' },
    {
      heading: 'Disclaimer of warranties',
      text: 'The site is provided “as is” without warranties of any kind, to the extent permitted by law.',
    },
    {
      heading: 'Limitation of liability',
      text: 'We are not liable for indirect or consequential loss arising from use of the site, to the extent permitted by law.',
    },
    {
      heading: 'Changes to these terms',
      text: 'We will give at least 30 days’ notice on this page before any material change takes effect.',
    },
    {
      heading: 'Governing law',
      text: 'These terms are governed by the laws of the United States and the State of North Carolina; disputes are heard by the courts of North Carolina.',
    },
  ],
};
