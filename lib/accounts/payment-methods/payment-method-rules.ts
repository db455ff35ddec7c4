/** The sentences of saved cards, shared by the portals and their tests. */
export const PAYMENT_METHOD_RULES = {
  inUse: "This card has a payment in progress; remove it once that payment has finished",
  setupMismatch: "That card page was opened for another account",
  setupNotComplete: "The card was not saved: the card page was not completed",
  formOnlyInTestMode: "Cards are added on the payment gateway's own page",
  redirectOnly: "This gateway saves cards on its own page",
} as const;
