import { useEffect } from 'react';

/**
 * Sets the page's meta description (index.html holds the site's default) while the component is
 * shown, and puts the default back when it goes: each page describes itself to link previews and
 * search engines.
 */
export function useMetaDescription(description: string | undefined): void {
  useEffect(() => {
    if (!description) return;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
}
