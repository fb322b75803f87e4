/**
 * The operator module depends on the domain modules and no module depends on it (decision 0036):
 * its own console calls (overview, draw, audit log) and the command line's call are composed in
 * app.ts, its commands in cli.ts; each domain module registers its own console calls. It offers
 * nothing to other modules.
 */
export {};
