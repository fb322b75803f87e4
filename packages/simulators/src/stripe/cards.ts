// Stripe's test cards: which numbers pay, which are declined and why, and how an unknown
// number is refused.

/** What a test card number does, as in Stripe's test mode. */
interface CardBehaviour {
  brand: string;
  /** Set when every charge on this card is declined. */
  decline?: { code: string; declineCode: string; message: string };
}

/** Stripe's test cards the simulator knows; any other number is refused like Stripe refuses it. */
export const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '4000000000000002': { brand: 'visa', decline: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' } },
  '4000000000009995': { brand: 'visa', decline: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' } },
  '4000000000000341': { brand: 'visa', decline: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' } },
};

/** A card problem: the message shown to the payer and Stripe's codes. */
export interface CardError {
  code: string;
  declineCode: string | null;
  message: string;
}

/** The canonical form of a card number typed with spaces or dashes. */
export function normaliseCard(card: string): string {
  return card.replace(/[\s-]/g, '');
}

/** Checks a card number the way Stripe's test mode does; undefined when it can be charged. */
export function cardError(card: string): CardError | undefined {
  const number = normaliseCard(card);
  const known = TEST_CARDS[number];
  if (known?.decline) return { code: known.decline.code, declineCode: known.decline.declineCode, message: known.decline.message };
  if (known) return undefined;
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) {
    return { code: 'incorrect_number', declineCode: null, message: 'Your card number is incorrect.' };
  }
  return {
    code: 'card_declined',
    declineCode: 'test_mode_live_card',
    message: 'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  };
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
