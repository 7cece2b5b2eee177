export {
  aCatalog,
  aReview,
  aStackTag,
  aTool,
  aToolWithTexts,
  ToolBuilder,
} from './catalog-builders.js';
