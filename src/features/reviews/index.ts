export { REVIEW_SUMMARY, formatReviewCount } from './reviews.ts';
export { ratingOf, type Rating } from './rating.ts';
