const all = ['operator'] as const;
const users = [...all, 'users'] as const;
const signups = [...all, 'signups'] as const;

/**
 * The console's query keys. Every one starts with `all`, so a change can refresh what it affects;
 * a user's detail starts with `userDetails`, which an action on the user replaces instead.
 */
export const operatorKeys = {
  all,
  auditLog: [...all, 'audit-log'] as const,
  overview: [...all, 'overview'] as const,
  editions: [...all, 'editions'] as const,
  categories: [...all, 'categories'] as const,
  plans: [...all, 'plans'] as const,
  blogPosts: [...all, 'blog-posts'] as const,
  userGuide: [...all, 'user-guide'] as const,
  productNews: [...all, 'product-news'] as const,
  userSearch: (q: string, page: number) => [...users, 'search', q, page] as const,
  userDetails: [...users, 'detail'] as const,
  userDetail: (id: number) => [...users, 'detail', id] as const,
  signups: (list: 'newsletter' | 'draw' | 'setup-calls', page: number) => [...signups, list, page] as const,
};
