// Reading the raw (pre-JavaScript) HTML the server sends.
import { urlOf } from './state';

export interface RawPage {
  status: number;
  headers: Headers;
  html: string;
  title: string | undefined;
  h1: string | undefined;
}

const decodeEntities = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Text content of an HTML fragment: tags dropped, entities decoded, whitespace collapsed. */
export const textOf = (fragment: string): string =>
  decodeEntities(fragment.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

const firstMatch = (html: string, pattern: RegExp): string | undefined => {
  const match = pattern.exec(html);
  return match?.[1] === undefined ? undefined : textOf(match[1]);
};

export function parsePage(status: number, headers: Headers, html: string): RawPage {
  return {
    status,
    headers,
    html,
    title: firstMatch(html, /<title[^>]*>([\s\S]*?)<\/title>/i),
    h1: firstMatch(html, /<h1(?:\s[^>]*)?>([\s\S]*?)<\/h1>/i),
  };
}

/** GETs a path without following redirects and without running any script. */
export async function fetchPage(pathname: string): Promise<RawPage> {
  const response = await fetch(urlOf(pathname), { redirect: 'manual' });
  return parsePage(response.status, response.headers, await response.text());
}

/** The value of one CSP directive, split into its sources (`undefined` if the directive is absent). */
export function cspDirective(policy: string, name: string): string[] | undefined {
  for (const directive of policy.split(';')) {
    const [directiveName, ...sources] = directive.trim().split(/\s+/);
    if (directiveName?.toLowerCase() === name) return sources;
  }
  return undefined;
}
