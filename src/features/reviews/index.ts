export { REVIEW_SUMMARY, formatReviewCount } from './reviews.ts';
