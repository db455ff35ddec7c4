import { expect, signOut, snap, submitLogin, test } from "../fixtures";

// The panel's Projects page and the account's SSH keys page. Everything made here is removed again,
// and the demo VPS ends in the default project, where it started.

const ED25519 = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAII6gJDajf7MaJBiMVxtH//JhURtINd5/H22uPbZj+IrF ed25519@laptop";
const ED25519_FINGERPRINT = "SHA256:BDwBbtJSMqka5P44yCD8EMuTX0fZcMky7BCGb9P5Zn8";

test.describe("customer panel: projects and SSH keys", () => {
  test("create a project, rename it, move the demo VPS into it, delete it moving the VPS back", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole("navigation", { name: "Customer panel" }).getByRole("link", { name: "Projects" }).click();
    await expect(page).toHaveURL(/\/projects$/);
    const rows = page.getByTestId("project-row");
    await expect(rows.first()).toContainText("default");

    const create = page.getByRole("form", { name: "Create a project" });
    // Keyboard: name, then Enter.
    await create.getByLabel("Name", { exact: true }).fill("Staging area");
    await create.getByLabel("Name", { exact: true }).press("Enter");
    await expect(page.getByText("Project Staging area created")).toBeVisible();
    const staging = rows.filter({ hasText: "Staging area" });
    await expect(staging).toContainText("staging-area");
    await expect(staging).toContainText("0 services");

    // A slug already in use is refused on its field.
    await create.getByLabel("Name", { exact: true }).fill("Another");
    await create.getByLabel("Slug (optional)").fill("staging-area");
    await create.getByRole("button", { name: "Create project" }).click();
    await expect(page.getByText('A project with the slug "staging-area" already exists')).toBeVisible();
    await create.getByLabel("Slug (optional)").fill("");
    await expect(page.getByText('A project with the slug "staging-area" already exists')).toBeHidden();
    await create.getByLabel("Name", { exact: true }).fill("");

    await page.getByRole("button", { name: "Rename Staging area" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Staging area" });
    await edit.getByLabel("Name").fill("Staging");
    await edit.getByLabel("Slug").fill("staging");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Project Staging saved")).toBeVisible();
    const renamed = rows.filter({ hasText: "Staging" });
    await expect(renamed).toContainText("staging");

    const move = page.getByRole("form", { name: "Move a service" });
    await move.getByLabel("Service").selectOption({ label: "demo-web-1.example.com (default)" });
    await move.getByLabel("Move to").selectOption({ label: "Staging" });
    await move.getByRole("button", { name: "Move", exact: true }).click();
    await expect(page.getByText("Service moved to Staging")).toBeVisible();
    await expect(renamed).toContainText("1 service");
    await snap(page, testInfo, "projects");

    await page.getByRole("button", { name: "Delete Staging" }).click();
    const del = page.getByRole("dialog", { name: "Delete Staging?" });
    await expect(del).toContainText("It holds 1 service and 0 SSH keys");
    await expect(del.getByLabel("Move its services and keys to")).toHaveValue(/[0-9a-f-]{36}/);
    await snap(page, testInfo, "project-delete");
    await del.getByRole("button", { name: "Delete project" }).click();
    await expect(page.getByText("Project deleted; its services and keys are now in default")).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(move.getByLabel("Service")).toContainText("demo-web-1.example.com (default)");
    await signOut(page);
  });

  test("add an SSH key with its fingerprint, refuse a bad one and a duplicate, delete it", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "SSH keys" }).click();
    await expect(page).toHaveURL(/\/account\/ssh-keys$/);
    await expect(page.getByText("No SSH keys yet")).toBeVisible();

    await page.getByLabel("Public key").fill("ssh-ed25519 not-a-key");
    await page.getByRole("button", { name: "Add key" }).click();
    await expect(page.getByText("The key data is not valid base64")).toBeVisible();

    await page.getByLabel("Public key").fill(ED25519);
    await page.getByRole("button", { name: "Add key" }).click();
    await expect(page.getByText("SSH key ed25519@laptop saved")).toBeVisible();
    const row = page.getByTestId("ssh-key-row").filter({ hasText: "ed25519@laptop" });
    await expect(row).toContainText(ED25519_FINGERPRINT);
    await expect(row).toContainText("default");

    await page.getByLabel("Public key").fill(ED25519);
    await page.getByLabel("Name (optional)").fill("second copy");
    await page.getByRole("button", { name: "Add key" }).click();
    await expect(page.getByText('This SSH key is already saved on the account (as "ed25519@laptop")')).toBeVisible();
    await snap(page, testInfo, "ssh-keys");

    await row.getByRole("button", { name: "Delete ed25519@laptop" }).click();
    await page.getByRole("dialog", { name: "Delete ed25519@laptop?" }).getByRole("button", { name: "Delete key" }).click();
    await expect(page.getByText("SSH key deleted")).toBeVisible();
    await expect(page.getByText("No SSH keys yet")).toBeVisible();
    await signOut(page);
  });
});
