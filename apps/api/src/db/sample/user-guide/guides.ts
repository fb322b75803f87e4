import { columnsFor, type Layout } from '@tradelist/pricing/layouts';

/**
 * The user guide's sample PDFs (product §2.14, §3.9): what a contractor needs to get from a
 * price list to their own books. Text only; pdf.ts lays it out. The operator replaces them.
 * A column of a downloaded file is named in “curly quotes”, always as its layout's header says
 * (`columnNames`), so the guide and the file cannot disagree.
 */
export interface GuideSection {
  heading: string;
  paragraphs: string[];
  /** Numbered steps after the paragraphs. */
  steps?: string[];
}

export interface GuideDocument {
  slug: string;
  name: string;
  description: string;
  fileName: string;
  sections: GuideSection[];
}

/** A layout's column headers as the guide writes them, in file order: “A”, “B” and “C”. */
export function columnNames(layout: Layout): string {
  const names = columnsFor(layout).map((column) => `“${column.header}”`);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
}

export const guideDocuments: readonly GuideDocument[] = [
  {
    slug: 'getting-started',
    name: 'Getting started: markups and your first download',
    description: 'Set your markups and tax once, then download a price list that is ready to quote from.',
    fileName: 'Getting started - markups and your first download.pdf',
    sections: [
      {
        heading: 'What Tradelist gives you',
        paragraphs: [
          'Tradelist publishes supplier price lists for the trades as editions: one current edition per category, published every month. Each item carries its SKU, name, description, unit, group and your cost.',
          'Before you download, Tradelist applies your own markups and tax to every item, so the file you receive holds the prices you charge your customers, not just what you pay.',
          'Free editions can be downloaded by every signed-in user. Paid editions need a subscription; the Subscriptions screen shows the plans and how many downloads each period allows.',
        ],
      },
      {
        heading: 'Set your markups',
        paragraphs: [
          'Open Configurations in the sidebar. Markups are set by cost band: a low-cost item such as a wire nut usually carries a higher percentage than an expensive panel. Enter a percentage for each of the six bands; an empty band means no markup.',
          'Tax is added after the markup. If you quote tax separately, leave it at zero.',
          'The preview under the form shows a page of the current edition with your prices, so you can check a few familiar items before you save.',
        ],
        steps: [
          'Open Configurations.',
          'Enter a markup percentage for each cost band.',
          'Enter your tax rate, or zero.',
          'Choose the inventory option and income type your accounting software expects.',
          'Check the preview, then press Save markups.',
        ],
      },
      {
        heading: 'Download your first list',
        paragraphs: [
          `Open Catalogs, choose a category and press Download CSV (for any spreadsheet) or Download Excel (.xlsx) on the current edition, then choose a layout. The Price list layout has the columns ${columnNames('price-list')}. The QuickBooks Online import layout names its columns the way QuickBooks Online imports them, and the Changes layout lists only what moved since the previous month's edition.`,
          'Each edition counts once against your plan in a period, in whatever format or layout you take it, and only once its file has arrived; a download broken early gives the count back.',
          'Editions you have bought before stay available under Previously Purchased, priced with your current markups.',
        ],
        steps: ['Open Catalogs.', 'Pick the category and the edition.', 'Press Download CSV or Download Excel.', 'Choose the layout, answer Yes and open the file.'],
      },
      {
        heading: 'Tips from other contractors',
        paragraphs: [
          'Review your markups when a new edition arrives: supplier costs move, and a band that was right last month may not be now.',
          'Keep one downloaded file per edition in a shared folder, named by date, so everyone in the office quotes from the same list.',
          'If a price looks wrong, check the cost band it falls into before you contact support; most surprises come from a band without a markup.',
        ],
      },
    ],
  },
  {
    slug: 'quickbooks-online-import',
    name: 'Importing the list into QuickBooks Online',
    description: 'Bring your marked-up price list into QuickBooks Online as products and services, by file or by sync.',
    fileName: 'Importing the list into QuickBooks Online.pdf',
    sections: [
      {
        heading: 'Two ways in',
        paragraphs: [
          'You can import a downloaded file through QuickBooks Online\'s own import screen, or connect QuickBooks once and let Tradelist sync the edition for you. Both create or update products and services with your prices.',
          'Syncing is the faster path for a large edition and is safe to repeat: items are matched by SKU, so running it again updates prices instead of creating duplicates.',
        ],
      },
      {
        heading: 'Import a file',
        paragraphs: [
          `Download the edition with the QuickBooks Online import layout. Its columns are already named the way QuickBooks Online maps them: ${columnNames('quickbooks')}.`,
          'QuickBooks limits one import to a number of rows; very large editions are easier to sync.',
        ],
        steps: [
          'In QuickBooks Online, open Sales, then Products and services.',
          'Choose New, then Import.',
          'Upload the .xlsx or .csv file you downloaded with the QuickBooks layout.',
          'Check that each column maps to the field of the same name, then finish the import.',
        ],
      },
      {
        heading: 'Sync from Tradelist',
        paragraphs: [
          'In Catalogs, choose Sync on an edition and pick QuickBooks. The first time, QuickBooks asks you to sign in and allow Tradelist to manage products and services for your company; you then come back to the same edition, its sync question open with QuickBooks chosen.',
          'Before anything is written, Tradelist reads your company and shows what the sync will change: new items, price increases and decreases with the old and new price, and items someone edited in QuickBooks since the last sync. Leave out any item or group, keep prices from going down, and approve: only what you approve is written.',
          'Tradelist sends the items in batches and reports how many were created, updated or skipped. You can close the page; the sync carries on. Settings, then Connections, keeps the record of every sync.',
        ],
        steps: [
          'Open Catalogs and choose the edition.',
          'Press Sync and choose QuickBooks.',
          'Sign in to QuickBooks and allow access, the first time only.',
          'Check the preview of what will change, leave out what you do not want, and approve.',
          'Wait for the summary, then check Products and services in QuickBooks.',
        ],
      },
      {
        heading: 'Income type and inventory',
        paragraphs: [
          'The income type and inventory option you chose in Configurations decide which income account the items use and whether they are tracked as inventory. Match them to your chart of accounts before the first import; changing them later means importing again.',
          'To disconnect QuickBooks, open Settings, then Connections. Items already in QuickBooks stay there.',
        ],
      },
    ],
  },
  {
    slug: 'jobber-sync',
    name: 'Syncing with Jobber',
    description: 'Connect Jobber and keep its products and services priced from the current edition.',
    fileName: 'Syncing with Jobber.pdf',
    sections: [
      {
        heading: 'Why sync with Jobber',
        paragraphs: [
          'Jobber builds quotes and invoices from its list of products and services. Syncing the current Tradelist edition keeps that list priced with your own markups, so a quote written in the field uses this month\'s costs.',
        ],
      },
      {
        heading: 'Connect Jobber',
        paragraphs: [
          'The first sync asks you to sign in to Jobber and allow Tradelist to manage your products and services. Tradelist keeps the connection on its server; your browser never holds Jobber\'s keys.',
          'QuickBooks Online and Jobber can both be connected. The sync question lists each connected one to sync to and offers Connect for the other, so Jobber can be added from any edition even when QuickBooks is already connected.',
          'Settings, then Connections, shows whether Jobber is connected and lets you disconnect it at any time.',
        ],
        steps: [
          'Open Catalogs and choose the edition.',
          'Press Sync and choose Jobber: Sign in to Jobber when nothing is connected yet, Connect Jobber when QuickBooks already is.',
          'Sign in to Jobber and approve access.',
          'You return to the same edition, its sync question open with Jobber chosen: answer Yes to see what the sync will change.',
          'Check the preview, leave out what you do not want, and approve: only what you approve is written.',
        ],
      },
      {
        heading: 'What the sync does',
        paragraphs: [
          'Items are matched by SKU: an item Jobber already has gets the new price and description, a new item is created, and nothing is deleted. Running the same sync twice changes nothing the second time.',
          'Jobber limits how fast its data can be changed. A large edition is sent in steps and may take a few minutes; the progress stays on the screen and the sync continues if you leave it.',
        ],
      },
      {
        heading: 'When something goes wrong',
        paragraphs: [
          'If Jobber asks you to sign in again, your connection expired: sync once more and approve access. If a few items are reported as skipped, their names or prices were refused by Jobber; the summary lists them.',
          'Support can help with anything else. Write to the address on the User Guide page and include the edition and the time of the sync.',
        ],
      },
    ],
  },
];
