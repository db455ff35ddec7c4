/** The sentences of card payments and top-ups, shared by the panel, the reseller portal and their tests. */
export const CARD_PAYMENT_RULES = {
  noCard: "Add a card first",
  cardNotFound: "That card is no longer on your account",
  gatewayMissing: "This card was saved with a payment gateway that is no longer configured; add the card again",
  notOpen: "This document has nothing left to pay",
  inFlight: "A card payment of this document is already waiting for your bank; finish it or try again in a few minutes",
  ownerTopsUp: "Only the account owner can add credit by card (the cards are the account's)",
  amountFormat: "Enter an amount such as 25 or 25.50",
  gatewayUnreachable: "The payment gateway could not be reached; nothing was charged, try again later",
  topUpBelow: (min: string) => `The smallest top-up is ${min}`,
  topUpAbove: (max: string) => `The largest top-up is ${max}`,
} as const;
