// Writes: creating and updating Items and Accounts under QuickBooks' rules (SyncToken, sparse
// and full updates, names, references, item types).
import { objectNotFound, requiredMissing, validation, type QboFault } from './faults.ts';
import { ACCOUNT_TYPES, ITEM_TYPES, newAccount, pick, refId, type Company, type Entity, type QboContext } from './state.ts';

/** Creates or updates an Item or Account under QuickBooks' rules; counts the write. */
export function write(context: QboContext, target: Company, kind: 'Item' | 'Account', operation: 'create' | 'update', input: Record<string, unknown>): Entity | QboFault {
  const list = kind === 'Item' ? target.items : target.accounts;
  let candidate: Record<string, unknown>;
  let existing: Entity | undefined;
  if (operation === 'update') {
    if (input['Id'] === undefined) return requiredMissing('Id');
    existing = list.find((e) => e.Id === String(input['Id']));
    if (!existing) return objectNotFound();
    if (input['SyncToken'] === undefined) return requiredMissing('SyncToken');
    if (String(input['SyncToken']) !== existing.SyncToken) {
      return validation('5010', 'Stale Object Error', `Stale Object Error : You and another user were working on this at the same time. The other user finished before you did, so your work was not saved. (current SyncToken ${existing.SyncToken})`);
    }
    if (input['sparse'] === true) {
      candidate = { ...existing, ...input };
    } else {
      // A full update resets every writable field the request leaves out.
      candidate = { ...input, Id: existing.Id, MetaData: existing['MetaData'] };
    }
  } else {
    candidate = { ...input };
  }
  const problem = kind === 'Item' ? validateItem(target, candidate, existing) : validateAccount(candidate, list, existing);
  if (problem) return problem;

  const stamp = new Date(context.clock()).toISOString();
  let saved: Entity;
  if (kind === 'Account') {
    saved = existing
      ? { ...existing, ...pick(candidate, ['Name', 'Active', 'AccountType', 'AccountSubType', 'Description']), FullyQualifiedName: String(candidate['Name']) } as Entity
      : newAccount(target, candidate, context.clock());
  } else {
    saved = buildItem(target, candidate, existing, stamp);
  }
  if (existing) {
    saved.SyncToken = String(Number(existing.SyncToken) + 1);
    saved['MetaData'] = { ...(existing['MetaData'] as object), LastUpdatedTime: stamp };
    list[list.indexOf(existing)] = saved;
  } else {
    list.push(saved);
  }
  context.stats.writes += 1;
  context.persist();
  return saved;
}

function buildItem(target: Company, input: Record<string, unknown>, existing: Entity | undefined, stamp: string): Entity {
  const ref = (value: unknown): Record<string, string> | undefined => {
    const id = refId(value);
    if (id === undefined) return undefined;
    const account = target.accounts.find((a) => a.Id === id);
    return { value: id, ...(account ? { name: account.Name } : {}) };
  };
  const item: Record<string, unknown> = {
    Name: String(input['Name']),
    ...pick(input, ['Sku', 'Description', 'PurchaseDesc']),
    Active: input['Active'] === undefined ? true : Boolean(input['Active']),
    FullyQualifiedName: String(input['Name']),
    Taxable: Boolean(input['Taxable'] ?? false),
    UnitPrice: Number(input['UnitPrice'] ?? 0),
    Type: String(input['Type']),
    ...pick(input, ['PurchaseCost']),
    TrackQtyOnHand: Boolean(input['TrackQtyOnHand'] ?? false),
    ...pick(input, ['QtyOnHand', 'InvStartDate']),
    domain: 'QBO',
    sparse: false,
    Id: existing?.Id ?? String(target.nextId++),
    SyncToken: existing?.SyncToken ?? '0',
    MetaData: existing?.['MetaData'] ?? { CreateTime: stamp, LastUpdatedTime: stamp },
  };
  for (const field of ['IncomeAccountRef', 'ExpenseAccountRef', 'AssetAccountRef']) {
    const value = ref(input[field]);
    if (value) item[field] = value;
  }
  return item as Entity;
}

function validateItem(target: Company, item: Record<string, unknown>, existing: Entity | undefined): QboFault | undefined {
  const nameProblem = validateName(item['Name']);
  if (nameProblem) return nameProblem;
  const name = String(item['Name']);
  const holder = target.items.find((i) => i !== existing && i.Name.toLowerCase() === name.toLowerCase());
  if (holder) return validation('6240', 'Duplicate Name Exists Error', `The name supplied already exists. : Id=${holder.Id}`, 'Name');
  for (const [field, max] of [['Sku', 100], ['Description', 4000], ['PurchaseDesc', 4000]] as const) {
    const value = item[field];
    if (value !== undefined && (typeof value !== 'string' || value.length > max)) {
      return validation('2050', 'String length is either shorter or longer than supported by specification', `${field} must be a string of at most ${max} characters.`, field);
    }
  }
  for (const field of ['UnitPrice', 'PurchaseCost', 'QtyOnHand']) {
    const value = item[field];
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) {
      return validation('2010', 'Request has invalid or unsupported property', `${field} must be a number.`, field);
    }
  }
  if (item['Type'] === undefined) return requiredMissing('Type');
  if (!ITEM_TYPES.includes(String(item['Type']))) {
    return validation('2010', 'Request has invalid or unsupported property', `Type ${String(item['Type'])} is not supported; use ${ITEM_TYPES.join(', ')}.`, 'Type');
  }
  const required = ['IncomeAccountRef'];
  if (item['PurchaseCost'] !== undefined || item['Type'] === 'Inventory') required.push('ExpenseAccountRef');
  if (item['Type'] === 'Inventory') required.push('AssetAccountRef', 'QtyOnHand', 'InvStartDate');
  for (const field of required) if (item[field] === undefined || item[field] === null) return requiredMissing(field);
  if (item['Type'] === 'Inventory' && item['TrackQtyOnHand'] !== true) {
    return validation('6000', 'A business validation error has occurred while processing your request', 'Business Validation Error: An inventory item must have TrackQtyOnHand set to true.', 'TrackQtyOnHand');
  }
  for (const field of ['IncomeAccountRef', 'ExpenseAccountRef', 'AssetAccountRef']) {
    if (item[field] === undefined) continue;
    const id = refId(item[field]);
    if (!target.accounts.some((a) => a.Id === id && a.Active)) {
      return validation('2500', 'Invalid Reference Id', `Invalid Reference Id : Accounts element id ${String(id)} not found`, field);
    }
  }
  return undefined;
}

function validateAccount(account: Record<string, unknown>, list: Entity[], existing: Entity | undefined): QboFault | undefined {
  const nameProblem = validateName(account['Name']);
  if (nameProblem) return nameProblem;
  const name = String(account['Name']).toLowerCase();
  if (list.some((a) => a !== existing && a.Name.toLowerCase() === name)) {
    return validation('6240', 'Duplicate Name Exists Error', 'The name supplied already exists. : Another account is already using this name. Please use a different name.', 'Name');
  }
  if (account['AccountType'] === undefined) return requiredMissing('AccountType');
  if (!(String(account['AccountType']) in ACCOUNT_TYPES)) {
    return validation('2010', 'Request has invalid or unsupported property', `AccountType ${String(account['AccountType'])} is not valid.`, 'AccountType');
  }
  return undefined;
}

function validateName(value: unknown): QboFault | undefined {
  if (value === undefined || value === null || value === '') return requiredMissing('Name');
  if (typeof value !== 'string' || value.length > 100) {
    return validation('2050', 'String length is either shorter or longer than supported by specification', 'Name must be 1 to 100 characters.', 'Name');
  }
  if (/[:"\t\n\r]/.test(value)) {
    return validation('2170', 'Invalid String Format', 'Name cannot contain a colon (:), a double quote ("), a tab or a new line.', 'Name');
  }
  return undefined;
}
