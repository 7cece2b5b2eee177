import { XMLParser } from 'fast-xml-parser';

/** Every absolute link of a Markdown text: `[text](url)` and `<url>` autolinks. */
export function markdownLinks(markdown: string): string[] {
  const inline = [...markdown.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((m) => m[1]!);
  const auto = [...markdown.matchAll(/<(https?:\/\/[^>\s]+)>/g)].map((m) => m[1]!);
  return [...inline, ...auto];
}

/** Every context's `anchor` and every `href` of every relation of an RFC 9264 linkset. */
export function linksetLinks(linkset: { linkset: Array<Record<string, unknown>> }): string[] {
  return linkset.linkset.flatMap((context) =>
    Object.values(context).flatMap((targets) =>
      Array.isArray(targets)
        ? targets.map((t: { href: string }) => t.href)
        : typeof targets === 'string'
          ? [targets]
          : [],
    ),
  );
}

export interface AiCatalogShape {
  specVersion: string;
  host: { displayName: string; identifier: string; documentationUrl: string };
  entries: Array<{
    identifier: string;
    type: string;
    url?: string;
    data?: unknown;
    description: string;
    tags: string[];
  }>;
}

export function aiCatalogLinks(catalog: AiCatalogShape): string[] {
  return [catalog.host.documentationUrl, ...catalog.entries.flatMap((e) => (e.url ? [e.url] : []))];
}

export interface AtomLink {
  '@_href': string;
  '@_rel'?: string;
}
/** An Atom text construct: a string, or an object when it has a `type` attribute. */
export type AtomText = string | { '#text'?: string; '@_type'?: string };

/** The text of an Atom text construct, and its type (`text` when not given). */
export function atomText(value: AtomText | undefined): { text: string; type: string } {
  if (value === undefined) return { text: '', type: 'text' };
  if (typeof value === 'string') return { text: value, type: 'text' };
  return { text: value['#text'] ?? '', type: value['@_type'] ?? 'text' };
}

export interface AtomEntry {
  id: string;
  title: AtomText;
  updated: string;
  published?: string;
  link: AtomLink[];
  summary?: AtomText;
  author?: Array<{ name: string; uri?: string }>;
}
export interface AtomFeed {
  feed: {
    id: string;
    title: string;
    updated: string;
    subtitle?: string;
    rights?: string;
    author?: Array<{ name: string }>;
    link: AtomLink[];
    entry: AtomEntry[];
  };
}

/** Parses Atom with a real XML parser; elements that may repeat are always arrays. */
export function parseAtom(xml: string): AtomFeed {
  const parser = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    trimValues: false,
    isArray: (name) => ['entry', 'link', 'author'].includes(name),
  });
  return parser.parse(xml) as AtomFeed;
}

export function atomLinks(feed: AtomFeed): string[] {
  return [
    ...feed.feed.link.map((l) => l['@_href']),
    ...feed.feed.entry.flatMap((e) => e.link.map((l) => l['@_href'])),
  ];
}

/** Links of the OpenAPI document that a reader follows (servers, contact, license, docs). */
export function openApiLinks(doc: {
  servers?: Array<{ url: string }>;
  info: { contact?: { url?: string }; license?: { url?: string } };
  externalDocs?: { url: string };
}): string[] {
  return [
    ...(doc.servers ?? []).map((s) => s.url),
    ...[doc.info.contact?.url, doc.info.license?.url, doc.externalDocs?.url].filter(
      (u): u is string => u !== undefined,
    ),
  ];
}

/** `href` and `src` attributes of an HTML page. */
export function htmlLinks(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src|spec-url)="([^"]+)"/g)].map((m) => m[1]!);
}
