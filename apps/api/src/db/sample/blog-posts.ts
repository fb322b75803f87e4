import type { PostDraft } from '../../modules/content/services/publish-post.ts';

const images = '/images2/blog';

/**
 * The sample blog (product §3.4, §10.19): five posts a contractor would read, in markdown, with
 * illustrations served from the web app's public folder. `daysAgo` spreads their dates.
 */
export const sampleBlogPosts: ReadonlyArray<PostDraft & { daysAgo: number }> = [
  {
    daysAgo: 3,
    customUrl: 'pricing-electrical-jobs-with-markups-by-band',
    title: 'Pricing electrical jobs with markups by price band',
    category: 'Pricing',
    intro: 'One flat markup overcharges for breakers and undercharges for wire nuts. Here is how to set a markup for each price band so every line of a quote pays its way.',
    author: 'Maria Lopez',
    authorImage: `${images}/author-maria.svg`,
    thumbnail: `${images}/markup-bands.svg`,
    paragraphs: [
      {
        text: 'Most shops start with one markup on everything, often 30%. It is simple, but it hides two leaks. On a **$0.40 wire nut** a 30% markup earns twelve cents, less than the time it took to count it out of the bin. On a **$1,200 panel** the same 30% adds $360, enough to lose the job to a competitor who quoted the panel at 15%.',
        image: `${images}/markup-bands.svg`,
      },
      {
        text: 'Markups by price band fix both ends. Tradelist uses six bands, and each item takes the markup of the band its cost falls in:\n\n| Cost band | A common starting markup |\n|---|---|\n| $0–10 | 100% |\n| $10–20 | 75% |\n| $20–50 | 50% |\n| $50–150 | 35% |\n| $150–500 | 25% |\n| $500 and up | 15% |',
        image: null,
      },
      {
        text: 'Treat the table as a first draft. Look at your last ten jobs: if small parts were most of the line items but a small share of the material cost, the low bands can go higher without anyone noticing. If you lose bids on service upgrades, the top band is where to give a little.',
        image: null,
      },
      {
        text: 'Set sales tax once beside the markups. Every edition you download then carries two prices per item, with markup and with markup and tax, so the estimate and the invoice agree. When a new edition comes out next month, your bands come with it: nothing to recalculate.\n\n- Review the bands each quarter, not each job.\n- Keep a note of why you changed a band; it helps when prices swing.',
        image: null,
      },
    ],
  },
  {
    daysAgo: 10,
    customUrl: 'what-moved-in-wire-prices-this-year',
    title: 'What moved in wire prices this year',
    category: 'Market update',
    intro: 'Copper building wire rose and fell more than most materials this year. What changed, which items followed it, and what that means for the quotes you send today.',
    author: 'James Carter',
    authorImage: `${images}/author-james.svg`,
    thumbnail: `${images}/wire-prices.svg`,
    paragraphs: [
      {
        text: 'Wire follows copper, and copper had a restless year. Supplier prices for **12 AWG THHN** and **NM-B cable** moved several times between editions, while conduit fittings and boxes barely changed. A quote priced from a list that is three months old can be off by more than the profit on the wire.',
        image: `${images}/wire-prices.svg`,
      },
      {
        text: 'The items that moved most were the ones with the most copper per dollar: building wire by the foot, bare ground wire and large-gauge feeders. Aluminium feeders moved less. Breakers and devices followed their own, slower cycle of manufacturer price letters, usually once or twice a year.',
        image: null,
      },
      {
        text: 'Three habits keep a quote honest when wire moves:\n\n1. Price from the current edition. Tradelist publishes a new one every month.\n2. Put an expiry on quotes with a lot of wire, for example 30 days.\n3. On long jobs, separate the wire as its own line so a price change is easy to explain.',
        image: null,
      },
      {
        text: 'When you download the new edition, compare the wire section with the last one you used. If a line moved by more than a few percent, it is worth checking the open quotes that use it before the customer signs.',
        image: null,
      },
    ],
  },
  {
    daysAgo: 17,
    customUrl: 'importing-a-price-list-into-quickbooks-online',
    title: 'Importing a price list into QuickBooks Online',
    category: 'How-to',
    intro: 'Two ways to get a thousand items with your prices into QuickBooks Online products and services: the import file, or a sync that updates what is already there.',
    author: 'Maria Lopez',
    authorImage: `${images}/author-maria.svg`,
    thumbnail: `${images}/quickbooks-import.svg`,
    paragraphs: [
      {
        text: 'Typing prices into QuickBooks Online by hand is how errors get into invoices. With a price list you can bring every item in at once, and bring the changes in every month.',
        image: `${images}/quickbooks-import.svg`,
      },
      {
        text: '**The import file.** In the catalog, choose the QuickBooks layout when you download an edition. The file has the columns QuickBooks Online expects for products and services: name, SKU, type, sales price with your markup, purchase cost and the income account. In QuickBooks, open *Products and services*, choose *Import*, pick the file and map nothing: the headings already match.',
        image: null,
      },
      {
        text: '**The sync.** Connect QuickBooks Online once from the catalog, then press *Sync* on an edition. Tradelist creates the items that are new and updates the price of those that exist, so running it again next month changes only what changed. Nothing is deleted in your company file.',
        image: null,
      },
      {
        text: 'A few tips:\n\n- Set your markups and tax before the first import, so the prices are right from day one.\n- Keep item names as Tradelist writes them; the sync recognises items by SKU and name.\n- If you use Jobber instead, the same edition can be synced there.',
        image: null,
      },
    ],
  },
  {
    daysAgo: 24,
    customUrl: 'five-line-items-contractors-forget-to-price',
    title: 'Five line items contractors forget to price',
    category: 'Estimating',
    intro: 'Connectors, supports, labels and the second trip to the supply house: the small things that quietly eat the margin on a job, and how to put them on the quote.',
    author: 'James Carter',
    authorImage: `${images}/author-james.svg`,
    thumbnail: `${images}/forgotten-items.svg`,
    paragraphs: [
      {
        text: 'The big items on a quote are easy to remember. The margin is usually lost in the small ones that nobody lists because each is only a few dollars.',
        image: `${images}/forgotten-items.svg`,
      },
      {
        text: '1. **Connectors and fittings**: every box needs them, and a job has dozens of boxes.\n2. **Straps and supports**: one every few feet of conduit or cable adds up on a long run.\n3. **Wire nuts, tape and labels**: a few dollars per room, every room.\n4. **Cover plates**: often left for the end and bought at retail on the way.\n5. **Waste**: cut-offs and the extra 10% of wire you always buy.',
        image: null,
      },
      {
        text: 'The fix is a habit, not a bigger markup. Build a small kit per device (an outlet, a switch, a light) with its box, connector, straps and plate, priced from the current list. Count devices, multiply the kit, and the small parts are on the quote.',
        image: null,
      },
    ],
  },
  {
    daysAgo: 31,
    customUrl: 'csv-or-excel-choosing-the-right-price-list-file',
    title: 'CSV or Excel: choosing the right price list file',
    category: 'How-to',
    intro: 'Tradelist downloads come as CSV or Excel. Which one opens cleanly in your estimating tool, your spreadsheet or your accounting software, and why.',
    author: 'Maria Lopez',
    authorImage: `${images}/author-maria.svg`,
    thumbnail: `${images}/csv-excel.svg`,
    paragraphs: [
      {
        text: 'Both files hold the same items and the same prices with your markups and tax. The difference is what opens them best.',
        image: `${images}/csv-excel.svg`,
      },
      {
        text: '**CSV** is plain text, one line per item. Almost every estimating tool and accounting program can import it, and it is the smallest download. Use it when another program will read the file.',
        image: null,
      },
      {
        text: '**Excel (.xlsx)** keeps numbers as numbers and the columns wide enough to read. Use it when a person will open the file: to print a counter price list, to filter by group, or to add your own notes.',
        image: null,
      },
      {
        text: 'Either way, the file is safe to open: text that starts with a character a spreadsheet would treat as a formula is written as plain text. If you are not sure, download both; each download counts once towards your plan.',
        image: null,
      },
    ],
  },
];
