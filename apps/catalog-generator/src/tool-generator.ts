import type { Review, ReviewAuthor, Stacks, StackTag, Tool } from '@reviews/domain';
import {
  FIRST_REVIEW_DAY,
  LAST_REVIEW_DAY,
  calendarDate,
  isBeforePublication,
  utcInstant,
} from './catalog-calendar.js';
import { AUTHOR_NAMES, CATEGORIES, TAG_CHOICES, slug, tagKey } from './catalog-facts.js';
import type { Prng } from './prng.js';
import type { TextGenerator } from './text-generator.js';

const WITH_STACKS = 0.3;
const UNRESOLVED_STACKS = 0.3;
const WITHOUT_CATEGORY = 0.01;
const AUTHOR_WITHOUT_URL = 0.05;
const MAX_ID_STEM = 48;

/**
 * Makes one synthetic tool at a time, with the review count it is told. Ids are unique within
 * the run: tool ids are name slugs (suffixed `-2`, `-3`, … on a clash), review ids carry the
 * tool's ordinal in base 36. Every value respects the formats and limits of
 * docs/cli.md#catalog-format.
 */
export class ToolGenerator {
  private readonly usedToolIds = new Set<string>();

  constructor(
    private readonly prng: Prng,
    private readonly text: TextGenerator,
  ) {}

  generate(ordinal: number, reviewCount: number): Tool {
    const name = this.text.toolName();
    const id = this.uniqueId(slug(name).slice(0, MAX_ID_STEM).replace(/-$/, '') || 'tool');
    return {
      id,
      name,
      description: this.text.wordsBetween(15, 60),
      website: `https://${id}.example.com`,
      category: this.prng.chance(WITHOUT_CATEGORY) ? null : this.category(),
      reviews: this.reviews(ordinal.toString(36), reviewCount),
      stacks: this.prng.chance(WITH_STACKS) ? this.stacks(id) : null,
    };
  }

  private uniqueId(stem: string): string {
    let id = stem;
    for (let n = 2; this.usedToolIds.has(id); n++) id = `${stem}-${n}`;
    this.usedToolIds.add(id);
    return id;
  }

  /** Earlier categories are more common: weight 1 / (rank + 1). */
  private category(): string {
    const rank = Math.floor(Math.pow(CATEGORIES.length + 1, this.prng.next())) - 1;
    return CATEGORIES[Math.min(rank, CATEGORIES.length - 1)] ?? CATEGORIES[0];
  }

  private reviews(toolKey: string, count: number): Review[] {
    const firstDay = this.prng.int(FIRST_REVIEW_DAY, LAST_REVIEW_DAY);
    const days: number[] = [];
    for (let i = 0; i < count; i++) days.push(this.prng.int(firstDay, LAST_REVIEW_DAY));
    days.sort((a, b) => a - b);
    return days.map((day, i) => {
      const id = `${toolKey}-r${i + 1}`;
      const revisions = this.prng.int(1, 3);
      let updatedDay = day + this.prng.int(0, 20);
      if (!isBeforePublication(updatedDay)) updatedDay = day;
      return {
        id,
        revisionId: `${id}-v${revisions}`,
        reviewedOn: calendarDate(day),
        updatedAt: utcInstant(updatedDay, this.prng.int(6 * 3600, 20 * 3600)),
        author: this.author(),
        likes: this.text.wordsBetween(20, 120),
        dislikes: this.text.wordsBetween(20, 120),
      };
    });
  }

  private author(): ReviewAuthor {
    const name = this.prng.pick(AUTHOR_NAMES);
    if (this.prng.chance(AUTHOR_WITHOUT_URL)) return { name };
    return { name, url: `https://reviews.example.com/authors/${slug(name)}` };
  }

  private stacks(toolId: string): Stacks {
    const tags = new Map<string, StackTag>();
    const wanted = this.prng.int(1, 5);
    while (tags.size < wanted) {
      const choice = this.prng.pick(TAG_CHOICES);
      const key = tagKey(choice.label);
      if (tags.has(key)) continue;
      const relationship = this.prng.pick(choice.relationships);
      tags.set(key, { key, label: choice.label, dimension: choice.dimension, relationship });
    }
    return {
      observed_on: calendarDate(this.prng.int(LAST_REVIEW_DAY - 365, LAST_REVIEW_DAY)),
      status: this.prng.chance(UNRESOLVED_STACKS) ? 'unresolved' : 'verified',
      source_url: `https://research.example.com/stacks/${toolId}`,
      evidence: this.text.wordsBetween(8, 30),
      tags: [...tags.values()],
    };
  }
}
