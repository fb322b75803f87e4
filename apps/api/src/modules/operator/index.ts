/**
 * The operator module depends on the domain modules and no module depends on it (decision 0036):
 * its calls are composed in app.ts and its commands in cli.ts. It offers nothing to other modules.
 */
export {};
