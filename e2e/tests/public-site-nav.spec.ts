import { expect, test, type Locator, type Page } from '@playwright/test';
import { createActivatedUser, signInThroughApi, uniqueEmail } from '../support/accounts.ts';

const whyId = 'your-accurate-contractor-price-manager';
// The sticky bar's height (--header-height): a section's scroll margin keeps it clear of the bar.
const HEADER_HEIGHT = 68;

/** Starts recording every window scroll position, to tell a smooth scroll (many steps) from a jump. */
async function recordScrolling(page: Page): Promise<void> {
  await page.evaluate(() => {
    const positions: number[] = [];
    (window as unknown as { scrollPositions: number[] }).scrollPositions = positions;
    window.addEventListener('scroll', () => positions.push(window.scrollY), { passive: true });
  });
}

async function scrollPositions(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { scrollPositions: number[] }).scrollPositions);
}

/** Expects the scroll that was recorded to have moved in steps to `target`, never past it. */
function expectSmoothScroll(positions: number[], from: number, target: number): void {
  expect(positions.at(-1)).toBeCloseTo(target, -1);
  // A jump is one scroll event; a smooth scroll passes through positions between start and end.
  const between = new Set(positions.filter((y) => Math.abs(y - from) > 1 && Math.abs(y - target) > 1));
  expect(between.size).toBeGreaterThan(1);
  const direction = Math.sign(target - from);
  for (let i = 1; i < positions.length; i++) expect(direction * (positions[i]! - positions[i - 1]!)).toBeGreaterThanOrEqual(0);
}

/** The distance from the top of the window to the top of the element with this id. */
function topOf(page: Page, id: string): Promise<number> {
  return page.evaluate((elementId) => document.getElementById(elementId)!.getBoundingClientRect().top, id);
}

async function expectSectionAtTop(page: Page, id: string): Promise<void> {
  await expect.poll(() => topOf(page, id)).toBeGreaterThan(HEADER_HEIGHT - 3);
  await expect.poll(() => topOf(page, id)).toBeLessThan(HEADER_HEIGHT + 3);
}

async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
}

function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("on the home page, 'Why Tradelist' and the logo scroll smoothly to their sections", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await recordScrolling(page);

    await mainNav(page).getByRole('link', { name: 'Why Tradelist' }).click();
    await expect(page).toHaveURL(new RegExp(`/#${whyId}$`));
    await expectSectionAtTop(page, whyId);
    const whyTop = await page.evaluate(() => window.scrollY);
    expectSmoothScroll(await scrollPositions(page), 0, whyTop);
    await expect(page.getByRole('heading', { level: 2, name: 'Your accurate contractor price manager' })).toBeInViewport();

    // Further down the page, the logo goes back up to the top of the page, as smoothly.
    await page.evaluate(() => window.scrollBy({ top: 600, behavior: 'instant' }));
    const from = await page.evaluate(() => window.scrollY);
    await recordScrolling(page);
    await mainNav(page).getByRole('link', { name: 'Tradelist home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expectSmoothScroll(await scrollPositions(page), from, 0);
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  });

  test('a navigation scrolls to the hash target, otherwise to the top of the new page', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    await scrollToBottom(page);

    // Pricing from another page: the landing page opens at its pricing cards, and stays there once they load.
    await mainNav(page).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expectSectionAtTop(page, 'pricing');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('link', { name: 'Get started with the Annual plan' })).toBeVisible();
    await expectSectionAtTop(page, 'pricing');

    // A page without a hash opens at its top.
    await mainNav(page).getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Industries → Electrical, from the bottom of the FAQ.
    await scrollToBottom(page);
    const industries = mainNav(page).getByRole('button', { name: 'Industries' });
    await industries.click();
    await expect(industries).toHaveAttribute('aria-expanded', 'true');
    await expect(mainNav(page).getByText('Plumbing')).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Electrical' }).click();
    await expect(page).toHaveURL(/\/electrical$/);
    await expect(page.getByRole('heading', { level: 1, name: 'The electrical price list, updated monthly' })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(industries).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page).getByRole('link', { name: 'Electrical' })).toBeHidden();

    // 'Why Tradelist' from another page opens the landing page at that section.
    await scrollToBottom(page);
    await mainNav(page).getByRole('link', { name: 'Why Tradelist' }).click();
    await expect(page).toHaveURL(new RegExp(`/#${whyId}$`));
    await expectSectionAtTop(page, whyId);

    // A link from outside (a bookmark, an email) lands on the section too.
    await page.goto('/faq');
    await page.goto('/#pricing');
    await page.waitForLoadState('networkidle');
    await expectSectionAtTop(page, 'pricing');
  });

  test('the Industries menu closes on an outside click and on Escape', async ({ page }) => {
    await page.goto('/');
    const industries = mainNav(page).getByRole('button', { name: 'Industries' });
    await industries.click();
    await expect(mainNav(page).getByRole('link', { name: 'Electrical' })).toBeVisible();
    await page.mouse.click(640, 500);
    await expect(industries).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page).getByRole('link', { name: 'Electrical' })).toBeHidden();

    await industries.click();
    await page.keyboard.press('Escape');
    await expect(mainNav(page).getByRole('link', { name: 'Electrical' })).toBeHidden();
  });

  test("Login and Sign up for a visitor; 'Get started' goes to /register, or to the subscriptions screen once an email is stored; Logout for a signed-in user", async ({ page }) => {
    await page.goto('/');
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'User Portal' })).toHaveAttribute('href', '/dashboard');
    await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/#pricing');
    await expect(nav.getByRole('link', { name: 'Why Tradelist' })).toHaveAttribute('href', `/#${whyId}`);
    await expect(nav.getByRole('button', { name: 'Logout' })).toHaveCount(0);

    const getStarted = page.getByRole('link', { name: /^Get started/ });
    await expect(getStarted.first()).toBeVisible();
    expect(await getStarted.count()).toBeGreaterThanOrEqual(2);
    for (const link of await getStarted.all()) await expect(link).toHaveAttribute('href', '/register');
    await getStarted.last().click();
    await expect(page).toHaveURL(/\/register$/);

    await nav.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await nav.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/register$/);

    // An email stored locally is enough for 'Get started' (product §2); the bar still offers Login until a session is stored.
    await page.evaluate(() => localStorage.setItem('email', 'stored@example.com'));
    await page.goto('/');
    await expect(getStarted.first()).toBeVisible();
    for (const link of await getStarted.all()) await expect(link).toHaveAttribute('href', '/dashboard/subscriptions');
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();

    const account = { name: 'Nav Tester', email: uniqueEmail('nav'), password: 'correct-horse-battery-9' };
    await createActivatedUser(page.request, account);
    await signInThroughApi(page, account);
    await page.goto('/');
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
    await getStarted.last().click();
    await expect(page).toHaveURL(/\/dashboard\/subscriptions$/);

    // Logout: the home page as a visitor, with nothing of the account left in local storage.
    await page.goto('/faq');
    await nav.getByRole('button', { name: 'Logout' }).click();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => [localStorage.getItem('userSession'), localStorage.getItem('email')])).toEqual([null, null]);
    for (const link of await getStarted.all()) await expect(link).toHaveAttribute('href', '/register');
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the hamburger opens the menu; a link click or an outside click closes it, and each link goes where it says', async ({ page }) => {
    await page.goto('/faq');
    const nav = mainNav(page);
    const toggle = nav.getByRole('button', { name: /menu$/ });
    await expect(toggle).toHaveAccessibleName('Open menu');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'FAQ' })).toBeHidden();

    // The hamburger toggles the menu.
    await toggle.click();
    await expect(toggle).toHaveAccessibleName('Close menu');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Home', 'Why Tradelist', 'Pricing', 'FAQ', 'User Portal', 'Login', 'Sign up']) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'FAQ' })).toBeHidden();

    // An outside click closes it.
    await toggle.click();
    await expect(nav.getByRole('link', { name: 'Pricing' })).toBeVisible();
    await page.mouse.click(180, 700);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Pricing' })).toBeHidden();

    // Industries → Electrical closes the menu and opens the page at its top.
    await scrollToBottom(page);
    await toggle.click();
    await nav.getByRole('button', { name: 'Industries' }).click();
    await nav.getByRole('link', { name: 'Electrical' }).click();
    await expect(page).toHaveURL(/\/electrical$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { level: 1, name: 'The electrical price list, updated monthly' })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Why Tradelist: the landing page at that section, below the bar.
    await toggle.click();
    await nav.getByRole('link', { name: 'Why Tradelist' }).click();
    await expect(page).toHaveURL(new RegExp(`/#${whyId}$`));
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expectSectionAtTop(page, whyId);
    await expect(page.getByRole('heading', { level: 2, name: 'Your accurate contractor price manager' })).toBeInViewport();

    // Pricing, on the same page: a smooth scroll down to the cards.
    const from = await page.evaluate(() => window.scrollY);
    await recordScrolling(page);
    await toggle.click();
    await nav.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expectSectionAtTop(page, 'pricing');
    expectSmoothScroll(await scrollPositions(page), from, await page.evaluate(() => window.scrollY));

    // FAQ, then the logo back home at the top.
    await toggle.click();
    await nav.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeInViewport();

    await toggle.click();
    await nav.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await nav.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/register$/);

    await nav.getByRole('link', { name: 'Tradelist home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  });
});
