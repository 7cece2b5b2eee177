import {
  CATALOG_LIMITS,
  REVIEW_ID_PATTERN,
  STACK_DIMENSIONS,
  STACK_RELATIONSHIPS,
  STACK_STATUSES,
  TOOL_ID_PATTERN,
  type Review,
  type ReviewAuthor,
  type Stacks,
  type StackTag,
  type Tool,
} from '@reviews/domain';
import {
  isCalendarDate,
  isHttpAddressOf,
  isProseText,
  isSingleLineText,
  isUtcInstant,
} from './catalog-fields.schema.js';

/**
 * The fast path of catalog validation: `catalogToolSchema` (catalog-document.schema.ts) written
 * out by hand for the valid case, mapping a raw tool to the domain in the same step, so that a
 * valid tool is checked without zod's machinery and copied once rather than twice (zod's output,
 * then `toTool`'s). It answers only "certainly valid" (the `Tool`, deep-equal to
 * `toTool(catalogToolSchema.parse(raw))`, members in the same order) or "not known to be valid"
 * (undefined): the caller then runs zod, which stays the only source of problems and messages.
 * Anything out of the ordinary (an object that is not plain, an unknown member, a member that
 * would need zod's judgement) is "not known", so a mistake here can only cost time, provided the
 * rules below accept nothing the schema refuses. The field rules are the schema's own predicates
 * (catalog-fields.schema.ts); a property test holds the two paths to the same answers.
 *
 * `controlFree`: the caller knows that no string in `raw` holds a control character (U+0000–U+001F,
 * U+007F), so the text rules skip that check; `readCatalogJsonChunks` knows it from a tool's bytes.
 *
 * `reuse`: the caller owns `raw` (it parsed it) and gives it up, so an object whose members are
 * exactly the domain's, in the mapper's order, is returned as it is instead of being copied. That
 * is the common case of a catalog file, and spares a million review copies at 100k tools.
 *
 * `shared`: with `reuse`, the reviews' authors and days are kept once in it (see
 * `SharedReviewValues`).
 */
export function toValidTool(
  raw: unknown,
  reuse = false,
  controlFree = false,
  shared?: SharedReviewValues,
): Tool | undefined {
  if (!isPlainObject(raw)) return undefined;
  const members = membersOf(raw, isToolMember, TOOL_ORDER);
  if (members === Members.Unknown) return undefined;
  const { id, name, description, website, category, reviews, stacks } = raw;
  if (
    typeof id !== 'string' ||
    !TOOL_ID_PATTERN.test(id) ||
    !isSingleLineText(name, CATALOG_LIMITS.name, controlFree) ||
    !isProseText(description, CATALOG_LIMITS.description, controlFree) ||
    !isHttpAddressOf(website, CATALOG_LIMITS.address) ||
    (category !== null && !isSingleLineText(category, CATALOG_LIMITS.category, controlFree)) ||
    !Array.isArray(reviews) ||
    reviews.length > CATALOG_LIMITS.reviewsPerTool
  ) {
    return undefined;
  }
  let same =
    reuse && members === Members.InOrder && Object.getPrototypeOf(reviews) === Array.prototype;
  const validReviews: Review[] = [];
  for (let i = 0; i < reviews.length; i++) {
    const review = toValidReview(reviews[i], reuse, controlFree, shared);
    if (review === undefined) return undefined;
    if (review !== reviews[i]) same = false;
    validReviews.push(review);
  }
  let validStacks: Stacks | null = null;
  if (stacks !== null) {
    const checked = toValidStacks(stacks, reuse, controlFree);
    if (checked === undefined) return undefined;
    if (checked !== stacks) same = false;
    validStacks = checked;
  }
  if (same) return raw as unknown as Tool;
  return {
    id,
    name,
    description,
    website,
    category,
    reviews: validReviews,
    stacks: validStacks,
  };
}

type RawObject = Record<string, unknown>;

/**
 * What `JSON.parse` makes. zod accepts any non-array object, but reads members through the
 * prototype chain; with a plain prototype, what is read here is what zod reads.
 */
function isPlainObject(value: unknown): value is RawObject {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

const enum Members {
  /** A member the strict schema does not know (`__proto__` is none it knows). */
  Unknown,
  /** Known members only, not exactly the domain's members in the domain's order. */
  Known,
  /** Exactly the domain's members, in its order: the object can stand for its mapped copy. */
  InOrder,
}

/** What the enumerable members of `value` are (a missing member is found by its value's check). */
function membersOf(
  value: RawObject,
  isMember: (key: string) => boolean,
  order: readonly string[],
): Members {
  let at = 0;
  let inOrder = true;
  for (const key in value) {
    if (!isMember(key)) return Members.Unknown;
    if (key !== order[at++]) inOrder = false;
  }
  return inOrder && at === order.length ? Members.InOrder : Members.Known;
}

const hasOnly = (value: RawObject, isMember: (key: string) => boolean): boolean =>
  membersOf(value, isMember, []) !== Members.Unknown;

/* The members of the domain objects, in the order the mappers (catalog-document.mapper.ts) give. */
const TOOL_ORDER = ['id', 'name', 'description', 'website', 'category', 'reviews', 'stacks'];
const REVIEW_ORDER = ['id', 'revisionId', 'reviewedOn', 'updatedAt', 'author', 'likes', 'dislikes'];
const STACKS_ORDER = ['observed_on', 'status', 'source_url', 'evidence', 'tags'];
const TAG_ORDER = ['key', 'label', 'dimension', 'relationship'];

function isToolMember(key: string): boolean {
  switch (key) {
    case 'id':
    case 'name':
    case 'description':
    case 'website':
    case 'category':
    case 'reviews':
    case 'stacks':
    case 'url': // derived, any value
    case 'markdownUrl': // derived, any value
      return true;
    default:
      return false;
  }
}

function isReviewMember(key: string): boolean {
  switch (key) {
    case 'id':
    case 'revisionId':
    case 'reviewedOn':
    case 'updatedAt':
    case 'author':
    case 'likes':
    case 'dislikes':
    case 'url': // derived, any value
      return true;
    default:
      return false;
  }
}

const isAuthorMember = (key: string): boolean => key === 'name' || key === 'url';

function isStacksMember(key: string): boolean {
  switch (key) {
    case 'observed_on':
    case 'status':
    case 'source_url':
    case 'evidence':
    case 'tags':
      return true;
    default:
      return false;
  }
}

function isTagMember(key: string): boolean {
  switch (key) {
    case 'key':
    case 'label':
    case 'dimension':
    case 'relationship':
      return true;
    default:
      return false;
  }
}

const isReviewId = (value: unknown): value is string =>
  typeof value === 'string' && REVIEW_ID_PATTERN.test(value);

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  (values as readonly unknown[]).includes(value);

function toValidReview(
  raw: unknown,
  reuse: boolean,
  controlFree: boolean,
  shared: SharedReviewValues | undefined,
): Review | undefined {
  if (!isPlainObject(raw)) return undefined;
  const members = membersOf(raw, isReviewMember, REVIEW_ORDER);
  if (members === Members.Unknown) return undefined;
  const { id, revisionId, reviewedOn, updatedAt, author, likes, dislikes } = raw;
  if (
    !isReviewId(id) ||
    !isReviewId(revisionId) ||
    !isCalendarDate(reviewedOn) ||
    !isUtcInstant(updatedAt) ||
    !isPlainObject(author) ||
    !hasOnly(author, isAuthorMember) ||
    !isProseText(likes, CATALOG_LIMITS.likes, controlFree) ||
    !isProseText(dislikes, CATALOG_LIMITS.dislikes, controlFree)
  ) {
    return undefined;
  }
  const { name, url } = author;
  if (name !== undefined && !isSingleLineText(name, CATALOG_LIMITS.authorName, controlFree))
    return undefined;
  if (url !== undefined && !isKnownHttpAddress(url)) return undefined;
  if (reuse && members === Members.InOrder && isAuthorInOrder(author)) {
    if (shared !== undefined) {
      raw.author = shared.author(author, name, url);
      raw.reviewedOn = shared.day(reviewedOn);
    }
    return raw as unknown as Review;
  }
  const validAuthor: { -readonly [K in keyof ReviewAuthor]: ReviewAuthor[K] } = {};
  if (name !== undefined) validAuthor.name = name;
  if (url !== undefined) validAuthor.url = url;
  return { id, revisionId, reviewedOn, updatedAt, author: validAuthor, likes, dislikes };
}

/** An author the mapper would copy member for member: `name` before `url`, none undefined. */
function isAuthorInOrder(author: RawObject): boolean {
  let previous = '';
  for (const key in author) {
    if (author[key] === undefined || (key === 'name' && previous === 'url')) return false;
    previous = key;
  }
  return true;
}

/**
 * The values that repeat across a catalog's reviews, each kept once: the authors (an editorial
 * team is a few dozen people, each signing thousands of reviews) and the review days. Each
 * parsed review then drops its own copies, which die young instead of being carried through the
 * young generation into the old one: at 100k tools, 120 MB less heap (1.15 against 1.27 GiB after
 * reading). The domain objects are immutable, so sharing equal ones changes no answer. Bounded,
 * so that a catalog of distinct authors or days stops sharing instead of growing the tables.
 */
export class SharedReviewValues {
  private readonly authors = new Map<string, RawObject>();
  private readonly days = new Map<string, string>();

  /** The first author seen with this `name` and `url` (either may be absent), or `author`. */
  author(author: RawObject, name: unknown, url: unknown): RawObject {
    // U+0000 and U+0001 occur in no valid name or address, so keys of different authors differ.
    const key = `${typeof name === 'string' ? name : '\u0001'}\u0000${typeof url === 'string' ? url : '\u0001'}`;
    const first = this.authors.get(key);
    if (first !== undefined) return first;
    if (this.authors.size < SHARED_VALUES_MAX) this.authors.set(key, author);
    return author;
  }

  /** The first string seen equal to `day`, or `day`. */
  day(day: string): string {
    const first = this.days.get(day);
    if (first !== undefined) return first;
    if (this.days.size < SHARED_VALUES_MAX) this.days.set(day, day);
    return day;
  }
}

const SHARED_VALUES_MAX = 4096;

/**
 * Addresses already found valid: reviews by the same author repeat the author's address, and
 * `new URL` is the dearest check of a review. Bounded, so that a catalog of distinct addresses
 * cannot grow it past a few thousand strings.
 */
const knownHttpAddresses = new Set<string>();
const KNOWN_HTTP_ADDRESSES_MAX = 4096;

function isKnownHttpAddress(value: unknown): value is string {
  if (typeof value === 'string' && knownHttpAddresses.has(value)) return true;
  if (!isHttpAddressOf(value, CATALOG_LIMITS.address)) return false;
  if (knownHttpAddresses.size < KNOWN_HTTP_ADDRESSES_MAX) knownHttpAddresses.add(value);
  return true;
}

function toValidStacks(raw: unknown, reuse: boolean, controlFree: boolean): Stacks | undefined {
  if (!isPlainObject(raw)) return undefined;
  const members = membersOf(raw, isStacksMember, STACKS_ORDER);
  if (members === Members.Unknown) return undefined;
  const { observed_on, status, source_url, evidence, tags } = raw;
  if (
    !isCalendarDate(observed_on) ||
    !isOneOf(STACK_STATUSES, status) ||
    !isHttpAddressOf(source_url, CATALOG_LIMITS.address) ||
    !isProseText(evidence, CATALOG_LIMITS.description, controlFree) ||
    !Array.isArray(tags)
  ) {
    return undefined;
  }
  let same =
    reuse && members === Members.InOrder && Object.getPrototypeOf(tags) === Array.prototype;
  const validTags: StackTag[] = [];
  for (let i = 0; i < tags.length; i++) {
    const tag: unknown = tags[i];
    if (!isPlainObject(tag)) return undefined;
    const tagMembers = membersOf(tag, isTagMember, TAG_ORDER);
    if (tagMembers === Members.Unknown) return undefined;
    const { key, label, dimension, relationship } = tag;
    if (
      !isSingleLineText(key, CATALOG_LIMITS.name, controlFree) ||
      !isSingleLineText(label, CATALOG_LIMITS.name, controlFree) ||
      !isOneOf(STACK_DIMENSIONS, dimension) ||
      !isOneOf(STACK_RELATIONSHIPS, relationship)
    ) {
      return undefined;
    }
    if (reuse && tagMembers === Members.InOrder) validTags.push(tag as unknown as StackTag);
    else {
      same = false;
      validTags.push({ key, label, dimension, relationship });
    }
  }
  if (same) return raw as unknown as Stacks;
  return { observed_on, status, source_url, evidence, tags: validTags };
}
