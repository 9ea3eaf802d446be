// The Markdown link check in `npm test` (`remark`, scripts/test.ts): every relative link and #anchor in the docs
// must resolve to a file or a heading of this repository. Offline: links to other sites are not followed.
import remarkGfm from 'remark-gfm';
import remarkValidateLinks from 'remark-validate-links';

export default {
  plugins: [remarkGfm, [remarkValidateLinks, { repository: false, root: import.meta.dirname }]],
};
