export {
  aCatalog,
  aReview,
  aStackTag,
  aTool,
  aToolWithTexts,
  ReviewBuilder,
  ToolBuilder,
} from './catalog-builders.js';
export type { SearchedTexts } from './catalog-builders.js';
