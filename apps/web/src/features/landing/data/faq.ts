/**
 * The 12 questions of /faq, in product §2.2's order, with answers that are true of this product
 * (downloads of §10.2, file layouts of §10.16, sync of §10.17, the refund rule of §10.6).
 */
export const faqs = [
  {
    question: 'How do I sign up and get access to the price lists?',
    answer:
      'Create an account with your email and a password, or with Google, and confirm your email address. The free Wire & Conduit Demo list is open to every account; choose a plan on the Subscriptions page to download and sync the full electrical list.',
  },
  {
    question: 'Can I customize the markups and sales tax?',
    answer:
      'Yes. Set a markup for each of six price bands ($0-10, $10-20, $20-50, $50-150, $150-500 and $500+) and your sales tax rate once. Every download and sync applies them, and a preview shows the resulting prices before you download.',
  },
  {
    question: 'How often are the price lists updated?',
    answer: 'Every month. Each monthly release is a new edition of the list, and your markups and tax apply to it automatically.',
  },
  {
    question: 'Which Excel formats can I download?',
    answer:
      'Every list downloads as a CSV file or as an Excel workbook (.xlsx). Both hold the same items and prices; text that a spreadsheet could read as a formula is written as plain text.',
  },
  {
    question: 'Can I import the list into QuickBooks or other accounting software?',
    answer:
      'Yes. Download the QuickBooks layout, whose columns QuickBooks Online imports as products and services without mapping, or connect QuickBooks Online and press Sync: new items are created and existing ones updated, so a repeated sync changes only what changed. Lists can also be synced to Jobber.',
  },
  {
    question: 'What if a product I use is not on the list?',
    answer:
      'Write to our support address with the item and, if you can, its manufacturer part number. We add items contractors ask for to the next editions of the list.',
  },
  {
    question: 'Is my data secure?',
    answer:
      'Passwords are stored only as strong one-way hashes, sign-in sessions are protected against cross-site requests, and the keys that connect QuickBooks Online and Jobber are encrypted and never sent to your browser. We collect contact details, preferences and marketing opt-ins only, and no tracking cookies.',
  },
  {
    question: 'Are there any hidden fees?',
    answer: 'No. The price of your plan is all you pay; taxes, if any, are shown at checkout. Auto-renewal is your choice and can be turned off at any time.',
  },
  {
    question: 'Which price list should I choose?',
    answer:
      'The electrical list, with more than 1,000 items, is available today. Plumbing and lumber lists are coming soon. Try the free Wire & Conduit Demo first to see how a list and your markups look.',
  },
  {
    question: 'How often should I update the prices in my software?',
    answer:
      'We recommend bringing the new prices into your estimating or accounting software at least every quarter, and every month when material prices move fast. With a sync it is one click.',
  },
  {
    question: 'How do I cancel my subscription?',
    answer:
      'Cancel on the Subscriptions page of your dashboard, or turn off auto-renewal in the billing portal. You keep access until the end of the period you paid for. Purchases are final, except that an automatic renewal can be refunded within 10 days if nothing was downloaded since it renewed.',
  },
  {
    question: 'How long does setup take?',
    answer:
      'Most contractors are set up in minutes: sign up, set your markups and tax, then download or sync. If you would like help, book a setup call and get 40% off.',
  },
] as const;
