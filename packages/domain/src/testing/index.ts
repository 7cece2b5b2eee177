export {
  aCatalog,
  aReview,
  aStackTag,
  aTool,
  ReviewBuilder,
  ToolBuilder,
} from './catalog-builders.js';
