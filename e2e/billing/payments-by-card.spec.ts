import { expect, snap, submitLogin, test, type DemoCredentials } from "../fixtures";

// Card payments on the embedded test gateway, as a customer does them in the panel: save cards,
// a declined top-up, 3-D Secure failed then passed on the test bank's page, a plain top-up, an
// invoice paid by card. The ledger must show each successful top-up exactly once, however often
// the return page is loaded. Runs after customer-billing.spec.ts (which expects the seeded balance).

const apiKey = (creds: DemoCredentials) => creds.customer.apiKey;

async function api<T>(baseURL: string, key: string, path: string): Promise<T> {
  const res = await fetch(`${baseURL}/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
  return ((await res.json()) as { data: T }).data;
}
const balance = async (baseURL: string, key: string) => Number((await api<{ balance: string }>(baseURL, key, "/account/balance")).balance);
const topUpRows = async (baseURL: string, key: string, amount: string) =>
  (await api<{ type: string; amount: string }[]>(baseURL, key, "/account/transactions?limit=200")).filter((t) => t.type === "top_up" && t.amount === amount);

test.describe("customer panel: paying by card", () => {
  test("save test cards, top up (declined, 3-D Secure failed and passed, plain) and see each top-up in the ledger once", async ({ page, creds, baseURL }, testInfo) => {
    const key = apiKey(creds);
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/billing/cards");
    await expect(page.getByText("Test mode", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("No card saved yet")).toBeVisible();

    // Every field's error at once; then a real-looking number is refused in test mode.
    const form = page.getByRole("form", { name: "Add a card" });
    await form.getByRole("button", { name: "Save card" }).click();
    await expect(form.getByText("Enter the card number.")).toBeVisible();
    await expect(form.getByText("Enter the expiry as MM/YY.")).toBeVisible();
    await expect(form.getByText("Enter the 3 or 4 digits on the back of the card.")).toBeVisible();
    const addCard = async (number: string) => {
      await form.getByLabel("Card number").fill(number);
      await form.getByLabel("Expiry (MM/YY)").fill("12/34");
      await form.getByLabel("CVC").fill("123");
      await form.getByRole("button", { name: "Save card" }).click();
    };
    await addCard("4111 1111 1111 1111");
    await expect(form.getByText(/never enter a real card/)).toBeVisible();
    await addCard("4242 4242 4242 4242");
    await expect(page.getByText("Visa ending 4242 was added and is your default card.")).toBeVisible();
    await addCard("4000 0027 6000 3184");
    await expect(page.getByText("Visa ending 3184 was added.")).toBeVisible();
    await addCard("4000 0000 0000 0002");
    await expect(page.getByText("Visa ending 0002 was added.")).toBeVisible();
    await expect(page.getByTestId("saved-card")).toHaveCount(3);
    await expect(page.getByTestId("saved-card").first()).toContainText("Default");
    await snap(page, testInfo, "saved-cards");

    const start = await balance(baseURL!, key);
    await page.goto("/billing/credit");
    const topUp = page.getByRole("form", { name: "Add credit" });

    // Declined: the bank's sentence, nothing added.
    await topUp.getByRole("button", { name: "€25.00" }).click();
    await expect(topUp.getByLabel("Amount (€)")).toHaveValue("25");
    await topUp.getByLabel("Card").selectOption({ label: "Visa ending 0002" });
    await topUp.getByRole("button", { name: "Add credit" }).click();
    await expect(topUp.getByText("Your card was declined.")).toBeVisible();
    expect(await balance(baseURL!, key)).toBe(start);

    // 3-D Secure, failed on the test bank's page.
    await topUp.getByLabel("Amount (€)").fill("40");
    await topUp.getByLabel("Card").selectOption({ label: "Visa ending 3184" });
    await topUp.getByRole("button", { name: "Add credit" }).click();
    await expect(page).toHaveURL(/\/pay\/test-3ds\?payment=/);
    await expect(page.getByRole("heading", { name: "Confirm the payment" })).toBeVisible();
    await page.getByRole("button", { name: "Fail authentication" }).click();
    await expect(page).toHaveURL(/\/billing\/payments\/[0-9a-f-]{36}$/);
    await expect(page.getByText("The payment did not go through")).toBeVisible();
    await expect(page.getByText("The card's authentication failed")).toBeVisible();
    expect(await balance(baseURL!, key)).toBe(start);

    // 3-D Secure passed: added once, however often the return page is loaded.
    await page.getByRole("link", { name: "Try again" }).click();
    await topUp.getByLabel("Amount (€)").fill("40");
    await topUp.getByLabel("Card").selectOption({ label: "Visa ending 3184" });
    await topUp.getByRole("button", { name: "Add credit" }).click();
    await expect(page).toHaveURL(/\/pay\/test-3ds\?payment=/);
    await snap(page, testInfo, "test-bank-challenge");
    await page.getByRole("button", { name: "Authenticate" }).click();
    await expect(page.getByText("€40.00 added to your credit")).toBeVisible();
    await snap(page, testInfo, "top-up-confirmed");
    await page.reload();
    await expect(page.getByText("€40.00 added to your credit")).toBeVisible();
    expect(await balance(baseURL!, key)).toBe(start + 40);
    expect(await topUpRows(baseURL!, key, "40.00")).toHaveLength(1);

    // A plain top-up with the default card; a third decimal is refused at the field first.
    await page.goto("/billing/credit");
    await topUp.getByLabel("Amount (€)").fill("10.005");
    await topUp.getByRole("button", { name: "Add credit" }).click();
    await expect(topUp.getByText("Enter an amount such as 25 or 25.50.")).toBeVisible();
    await topUp.getByLabel("Amount (€)").fill("10");
    await topUp.getByLabel("Card").selectOption({ label: "Visa ending 4242 (default)" });
    await topUp.getByRole("button", { name: "Add credit" }).click();
    await expect(topUp.getByText("€10.00 was added to your credit.")).toBeVisible();
    expect(await balance(baseURL!, key)).toBe(start + 50);
    await expect(page.getByRole("row", { name: /Top-up by card ending 4242/ })).toBeVisible();
    await expect(page.getByRole("row", { name: /Top-up by card ending 3184/ })).toHaveCount(1);
    await snap(page, testInfo, "credit-after-top-ups");

    // Remove a card: asked first, the default stays.
    await page.goto("/billing/cards");
    const declined = page.getByTestId("saved-card").filter({ hasText: "Visa ending 0002" });
    await declined.getByRole("button", { name: /Remove/ }).click();
    const dialog = page.getByRole("dialog", { name: "Remove Visa ending 0002?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Remove card" }).click();
    await expect(page.getByTestId("saved-card")).toHaveCount(2);
  });
});

test.describe("reseller portal: paying by card", () => {
  test("add a card and top up the wholesale credit with it", async ({ page, creds }) => {
    await submitLogin(page, creds.reseller);
    await expect(page).toHaveURL(/\/reseller$/);
    await page.goto("/reseller/billing");
    const before = await page.getByTestId("credit-balance").textContent();
    const form = page.getByRole("form", { name: "Add a card" });
    await form.getByLabel("Card number").fill("5555 5555 5555 4444");
    await form.getByLabel("Expiry (MM/YY)").fill("01/33");
    await form.getByLabel("CVC").fill("999");
    await form.getByRole("button", { name: "Save card" }).click();
    await expect(page.getByText("Mastercard ending 4444 was added.")).toBeVisible();
    await page.reload();
    const topUp = page.getByRole("form", { name: "Add credit" });
    await topUp.getByRole("button", { name: "€50.00" }).click();
    await topUp.getByLabel("Card").selectOption({ label: "Mastercard ending 4444" });
    await topUp.getByRole("button", { name: "Add credit" }).click();
    await expect(topUp.getByText("€50.00 was added to your credit.")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("credit-balance")).not.toHaveText(before!);
    await expect(page.getByText("Top-up by card ending 4444")).toBeVisible();
  });
});
