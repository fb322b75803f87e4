import { createMarkdownRenderer } from './render-markdown';

let renderMarkdown: ((markdown: string) => string) | undefined;

/**
 * A post's markdown as the public page shows it (product §11.17): rendered and sanitised by the
 * one renderer, made once on first use (it needs the browser's window). The console's live
 * preview uses it too, so what the operator sees is what readers get.
 */
export function renderPostText(markdown: string): string {
  renderMarkdown ??= createMarkdownRenderer(window);
  return renderMarkdown(markdown);
}
