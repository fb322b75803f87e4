/** The landing page's customer feedback (product §2.2: eight testimonials). */
export const testimonials = [
  { quote: 'I used to update prices twice a year and lose money in between. Now the new list shows up every month with my markups already on it.', name: 'Dave R.', role: 'Electrical contractor, 4 electricians' },
  { quote: 'The QuickBooks sync saved my office manager a full day every month. Prices match the invoice without anyone typing them.', name: 'Priya S.', role: 'Owner, residential electrical company' },
  { quote: 'Markups by price band were the big one. My small parts finally pay for themselves and my panel quotes got more competitive.', name: 'Marcus T.', role: 'Master electrician' },
  { quote: 'I open the Excel file on the truck, filter by group and have a number for the customer before I leave the driveway.', name: 'Jenna L.', role: 'Service electrician' },
  { quote: 'We sync the list into Jobber and the techs quote from the same prices as the office. No more arguments about which sheet is current.', name: 'Carlos M.', role: 'Operations manager, 12 technicians' },
  { quote: 'The setup call got my markups and tax right on day one, and the 40% off paid for my first months.', name: 'Angela W.', role: 'Owner, electrical and low-voltage contractor' },
  { quote: 'When wire jumped this spring I saw it in the new edition before my supplier called. That alone paid for the year.', name: 'Tom B.', role: 'Electrical contractor' },
  { quote: 'Simple, honest pricing and a list that is actually current. I recommend it to every contractor I know.', name: 'Rachel K.', role: 'Estimator, commercial electrical' },
] as const;
