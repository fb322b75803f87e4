/**
 * What other modules may use of content (decision 0036): the draw and the command line's post
 * publishing. Nothing else of this folder is imported from outside; the console's posts, images
 * and signup lists are registered here (operator-routes.ts).
 */
export { drawWinner } from './services/draw-winner.ts';
export { parsePostFile, publishPostAsOperator } from './services/publish-post.ts';
