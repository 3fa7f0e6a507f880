// How to reach the company (owner-replaceable, as config.ts is): the footer, the home page's Connect With Us section
// and the legal pages show it. A module apart from config.ts, whose site name every page's first load needs: these
// details load with the chunks that show them, not with the first-load JavaScript.
export const contactDetails = {
  email: 'hello@example.com',
  phone: '+1 (919) 555-0142',
  phoneHref: 'tel:+19195550142',
  address: {
    street: '421 Fayetteville Street, Suite 1100',
    city: 'Raleigh',
    region: 'NC',
    postalCode: '27601',
    country: 'United States',
  },
  social: [
    { label: 'LinkedIn', href: 'https://www.linkedin.example.com/company/meridian-cloud-consulting' },
    { label: 'YouTube', href: 'https://www.youtube.example.com/@meridiancloud' },
    { label: 'GitHub', href: 'https://github.example.com/meridian-cloud' },
  ],
} as const;
