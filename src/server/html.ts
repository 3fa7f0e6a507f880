// The server's own small HTML pages (a form post without JavaScript, newsletter links): one template, escaped.

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${String(character.charCodeAt(0))};`);
}

export interface SimplePage {
  title: string;
  heading: string;
  /** Trusted HTML: escape anything a visitor or a database row put in it. */
  body: string;
}

/** A plain, readable page with the site's name in the title and nothing that needs a script or a stylesheet. */
export function simplePage(page: SimplePage): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} | Meridian Cloud Consulting</title>
<style>body{font-family:system-ui,sans-serif;line-height:1.5;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}a{color:#0b57d0}button{font:inherit;padding:.5rem 1rem}</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.heading)}</h1>
${page.body}
</main>
</body>
</html>
`;
}
