/**
 * What other modules may use of content (decision 0036): the console's posts, images, signup
 * lists and draw, and the command line's post publishing. Nothing else of this folder is imported
 * from outside.
 */
export { uploadContentImage } from './services/content-images.ts';
export { drawWinner } from './services/draw-winner.ts';
export { deleteOperatorPost, listOperatorPosts, saveOperatorPost } from './services/manage-posts.ts';
export { parsePostFile, publishPostAsOperator } from './services/publish-post.ts';
export { drawCsv, drawPage, newsletterCsv, newsletterPage, setupCallCsv, setupCallPage, type CsvExport } from './services/signup-lists.ts';
