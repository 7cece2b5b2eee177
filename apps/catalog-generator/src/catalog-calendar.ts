const DAY_MS = 86_400_000;

/** The instant every generated catalog is published at; reviews fall in the three years before. */
export const PUBLISHED_AT = '2026-11-16T09:00:00Z';
const PUBLISHED_DAY = Math.floor(Date.parse(PUBLISHED_AT) / DAY_MS);
/** First day a review may fall on: three years (1,096 days) before publication. */
export const FIRST_REVIEW_DAY = PUBLISHED_DAY - 1_096;
/** Last day a review may fall on: the day before publication. */
export const LAST_REVIEW_DAY = PUBLISHED_DAY - 1;

/** `YYYY-MM-DD` of a day counted from 1970-01-01. */
export const calendarDate = (day: number): string =>
  new Date(day * DAY_MS).toISOString().slice(0, 10);

/** `YYYY-MM-DDTHH:MM:SSZ` of a day and a second within it. */
export const utcInstant = (day: number, second: number): string =>
  `${new Date(day * DAY_MS + second * 1000).toISOString().slice(0, 19)}Z`;

/** Whether `day` is before the day of publication, so an instant on it is not in the future. */
export const isBeforePublication = (day: number): boolean => day < PUBLISHED_DAY;
