import { JSDOM } from 'jsdom';
import { describe, expect, test } from 'vitest';
import { createMarkdownRenderer } from './render-markdown';

const { window } = new JSDOM('');
const render = createMarkdownRenderer(window as unknown as Parameters<typeof createMarkdownRenderer>[0]);

/** Parses rendered HTML so the assertions look at elements and attributes, not at spelling. */
function fragment(html: string): DocumentFragment {
  const template = window.document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

function attributesOf(root: DocumentFragment): string[] {
  return [...root.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((a) => `${element.tagName.toLowerCase()}[${a.name}=${a.value}]`));
}

describe('post markdown (product §11.17)', () => {
  test('markdown becomes rich text: emphasis, lists, tables, links, images', () => {
    const root = fragment(render('**bold** and *em*\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[site](https://example.com/x) ![pic](/images2/blog/x.svg)'));
    expect(root.querySelector('strong')?.textContent).toBe('bold');
    expect(root.querySelector('em')?.textContent).toBe('em');
    expect(root.querySelectorAll('li')).toHaveLength(2);
    expect(root.querySelector('table td')?.textContent).toBe('1');
    const link = root.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com/x');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(root.querySelector('img')?.getAttribute('src')).toBe('/images2/blog/x.svg');
  });

  test('a <script> in the text never reaches the page', () => {
    const html = render('Before <script>alert(1)</script> after\n\n<script src="https://evil.test/x.js"></script>');
    expect(fragment(html).querySelector('script')).toBeNull();
    expect(html).not.toMatch(/<script/i);
    expect(fragment(html).textContent).toContain('Before');
  });

  test('event handlers are removed: img onerror, svg onload, a onclick', () => {
    const root = fragment(render('<img src="/images2/x.png" onerror="alert(1)"> <svg onload="alert(2)"></svg> <a href="/ok" onclick="alert(3)">x</a> <p onmouseover="alert(4)">p</p>'));
    expect(attributesOf(root).filter((attribute) => /\[on/i.test(attribute))).toEqual([]);
    expect(root.querySelector('svg')).toBeNull();
    expect(root.querySelector('img')?.getAttribute('src')).toBe('/images2/x.png');
  });

  test('javascript:, data: and vbscript: links and sources are made inert, in markdown and in HTML', () => {
    const root = fragment(
      render(
        '[md](javascript:alert(1)) [upper](JaVaScRiPt:alert(2)) [spaced](  javascript:alert(3)) [data](data:text/html;base64,PHNjcmlwdD4=) ' +
          '<a href="javascript:alert(4)">html</a> <a href="&#106;avascript:alert(5)">entity</a> <a href="vbscript:x">vb</a> ' +
          '![i](javascript:alert(6)) <iframe src="javascript:alert(7)"></iframe> <form action="javascript:alert(8)"><button>go</button></form>',
      ),
    );
    const urls = [...root.querySelectorAll('[href], [src], [action]')].map((element) => element.getAttribute('href') ?? element.getAttribute('src') ?? element.getAttribute('action') ?? '');
    expect(urls.filter((url) => /^\s*(javascript|data|vbscript):/i.test(url))).toEqual([]);
    expect(root.querySelector('iframe, form, button')).toBeNull();
  });

  test('style attributes and tags are dropped (no overlay that hides the page)', () => {
    const root = fragment(render('<div style="position:fixed;inset:0">cover</div><style>body{display:none}</style>'));
    expect(attributesOf(root).filter((attribute) => attribute.includes('[style='))).toEqual([]);
    expect(root.querySelector('style')).toBeNull();
  });
});
