import { formatDate } from "@/lib/format/format-date";
import { formatMoney } from "@/lib/format/format-money";
import type { EmailContent } from "./email-content";

/**
 * Every email Rackfront sends (docs/email.md). `optional` ones can be turned off by the customer
 * (User.emailOptOuts); the others carry something the customer must receive (a link, access, a
 * warning about their service). `carriesSecret`: the body holds a one-time link or access details,
 * so it is erased from the database once SMTP accepted it.
 */
interface Money {
  amount: string;
  currency: string;
}

export interface EmailTemplateData {
  "verify-email": { name: string; url: string; expiresAt: string };
  "sign-up-exists": { name: string; signInUrl: string; resetUrl: string };
  "password-reset": { name: string; url: string; expiresAt: string };
  "email-change-confirm": { name: string; url: string; newEmail: string; expiresAt: string };
  "email-change-notice": { name: string; newEmail: string };
  "account-approved": { name: string; signInUrl: string };
  "sign-up-declined": { name: string; reason: string };
  "team-invitation": { inviter: string; accountName: string; url: string; expiresAt: string };
  "order-received": { name: string; orderNumber: string; items: string[]; total: Money | null; url: string };
  "service-ready": { name: string; serviceName: string; product: string; access: [string, string][]; url: string };
  "invoice-raised": { name: string; number: string; total: Money; dueAt: string; url: string };
  "payment-received": { name: string; number: string; amount: Money; url: string };
  "invoice-overdue": { name: string; number: string; total: Money; dueAt: string; suspendsAt: string | null; url: string };
  "service-suspended": { name: string; serviceName: string; reason: string; url: string };
  "service-unsuspended": { name: string; serviceName: string; url: string };
  "cancellation-scheduled": { name: string; serviceName: string; endsAt: string; url: string };
  "service-terminated": { name: string; serviceName: string };
  "renewal-failed": { name: string; serviceName: string; reason: string; url: string };
}

export type EmailTemplateName = keyof EmailTemplateData;

export interface EmailTemplate<N extends EmailTemplateName> {
  /** Shown in the customer's email settings; null: always sent. */
  optional: { label: string } | null;
  carriesSecret: boolean;
  content(data: EmailTemplateData[N]): EmailContent;
}

const money = (m: Money) => formatMoney(m.amount, m.currency);
const hello = (name: string) => (name ? `Hello ${name},` : "Hello,");
const OPTIONAL_FOOTNOTE = "You can choose which of these emails you receive in the panel under Security → Email notifications.";

export const EMAIL_TEMPLATES: { [N in EmailTemplateName]: EmailTemplate<N> } = {
  "verify-email": {
    optional: null,
    carriesSecret: true,
    content: (d) => ({
      subject: "Confirm your email address",
      greeting: hello(d.name),
      paragraphs: ["Confirm your email address to finish creating your account.", `The link works once and until ${formatDate(d.expiresAt)}.`],
      action: { label: "Confirm email address", url: d.url },
      footnote: "If you did not sign up, ignore this email: no account is created without the confirmation.",
    }),
  },
  "sign-up-exists": {
    optional: null,
    carriesSecret: false,
    content: (d) => ({
      subject: "You already have an account",
      greeting: hello(d.name),
      paragraphs: ["Someone, probably you, tried to sign up with this email address, which already has an account. Sign in instead, or reset your password if you forgot it."],
      details: [["Sign in", d.signInUrl], ["Reset your password", d.resetUrl]],
      footnote: "If it was not you, you can ignore this email: nothing changed.",
    }),
  },
  "password-reset": {
    optional: null,
    carriesSecret: true,
    content: (d) => ({
      subject: "Reset your password",
      greeting: hello(d.name),
      paragraphs: ["We received a request to reset your password. Choose a new one with the link below.", `The link works once and for one hour.`],
      action: { label: "Choose a new password", url: d.url },
      footnote: "If you did not ask for this, ignore this email: your password stays as it is.",
    }),
  },
  "email-change-confirm": {
    optional: null,
    carriesSecret: true,
    content: (d) => ({
      subject: "Confirm your new email address",
      greeting: hello(d.name),
      paragraphs: [`Confirm that ${d.newEmail} is your new sign-in address.`, `The link works once and until ${formatDate(d.expiresAt)}.`],
      action: { label: "Confirm new address", url: d.url },
    }),
  },
  "email-change-notice": {
    optional: null,
    carriesSecret: false,
    content: (d) => ({
      subject: "Your sign-in address is changing",
      greeting: hello(d.name),
      paragraphs: [`A change of your sign-in address to ${d.newEmail} was requested. It takes effect when the new address is confirmed.`],
      footnote: "If this was not you, sign in and change your password, or contact support.",
    }),
  },
  "account-approved": {
    optional: null,
    carriesSecret: false,
    content: (d) => ({
      subject: "Your account is approved",
      greeting: hello(d.name),
      paragraphs: ["Your account has been approved: you can order services now."],
      action: { label: "Sign in", url: d.signInUrl },
    }),
  },
  "sign-up-declined": {
    optional: null,
    carriesSecret: false,
    content: (d) => ({
      subject: "Your sign-up was not approved",
      greeting: hello(d.name),
      paragraphs: ["We are sorry: we could not approve your new account, and it has been closed.", `Reason: ${d.reason}`],
      footnote: "If you think this is a mistake, reply to this email or contact us.",
    }),
  },
  "team-invitation": {
    optional: null,
    carriesSecret: true,
    content: (d) => ({
      subject: `${d.inviter} invited you to ${d.accountName}`,
      paragraphs: [`${d.inviter} invited you to join the team of ${d.accountName}. Accept with the link below; you can sign in or create an account on the way.`, `The invitation is valid until ${formatDate(d.expiresAt)}.`],
      action: { label: "Accept invitation", url: d.url },
    }),
  },
  "order-received": {
    optional: { label: "Order received" },
    carriesSecret: false,
    content: (d) => ({
      subject: `Order ${d.orderNumber} received`,
      greeting: hello(d.name),
      paragraphs: ["Thank you for your order. We will let you know when it is ready."],
      details: [["Items", d.items.join("; ")], ...(d.total ? [["Total", money(d.total)] as [string, string]] : [])],
      action: { label: "View order", url: d.url },
      footnote: OPTIONAL_FOOTNOTE,
    }),
  },
  "service-ready": {
    optional: null,
    carriesSecret: true,
    content: (d) => ({
      subject: `${d.serviceName} is ready`,
      greeting: hello(d.name),
      paragraphs: [`Your ${d.product} ${d.serviceName} is ready to use.`, "Keep these details safe; they are not sent again."],
      details: d.access,
      action: { label: "Open in the panel", url: d.url },
    }),
  },
  "invoice-raised": {
    optional: { label: "Invoice raised" },
    carriesSecret: false,
    content: (d) => ({
      subject: `Invoice ${d.number}`,
      greeting: hello(d.name),
      paragraphs: [`Invoice ${d.number} for ${money(d.total)} is due on ${formatDate(d.dueAt)}.`],
      action: { label: "View invoice", url: d.url },
      footnote: OPTIONAL_FOOTNOTE,
    }),
  },
  "payment-received": {
    optional: { label: "Payment received" },
    carriesSecret: false,
    content: (d) => ({
      subject: `Payment received for ${d.number}`,
      greeting: hello(d.name),
      paragraphs: [`We received ${money(d.amount)} for ${d.number}. Thank you.`],
      action: { label: "View document", url: d.url },
      footnote: OPTIONAL_FOOTNOTE,
    }),
  },
  "invoice-overdue": {
    optional: null,
    carriesSecret: false,
    content: (d) => ({
      subject: `Invoice ${d.number} is overdue`,
      greeting: hello(d.name),
      paragraphs: [
        `Invoice ${d.number} for ${money(d.total)} was due on ${formatDate(d.dueAt)} and is not paid yet.`,
        d.suspendsAt ? `The services it renews will be suspended on ${formatDate(d.suspendsAt)} unless it is paid.` : "Please pay it to keep your services running.",
      ],
      action: { label: "Pay invoice", url: d.url },
    }),
  },
  "service-suspended": {
    optional: null,
    carriesSecret: false,
    content: (d) => ({
      subject: `${d.serviceName} is suspended`,
      greeting: hello(d.name),
      paragraphs: [`${d.serviceName} was suspended: ${d.reason}`],
      action: { label: "Open in the panel", url: d.url },
    }),
  },
  "service-unsuspended": {
    optional: null,
    carriesSecret: false,
    content: (d) => ({
      subject: `${d.serviceName} is running again`,
      greeting: hello(d.name),
      paragraphs: [`The suspension of ${d.serviceName} was lifted.`],
      action: { label: "Open in the panel", url: d.url },
    }),
  },
  "cancellation-scheduled": {
    optional: { label: "Cancellation scheduled" },
    carriesSecret: false,
    content: (d) => ({
      subject: `${d.serviceName} will be cancelled`,
      greeting: hello(d.name),
      paragraphs: [`${d.serviceName} is cancelled at the end of its term, on ${formatDate(d.endsAt)}. Its data is deleted then.`, "Changed your mind? Withdraw the cancellation in the panel before that day."],
      action: { label: "Open in the panel", url: d.url },
      footnote: OPTIONAL_FOOTNOTE,
    }),
  },
  "service-terminated": {
    optional: null,
    carriesSecret: false,
    content: (d) => ({
      subject: `${d.serviceName} was terminated`,
      greeting: hello(d.name),
      paragraphs: [`${d.serviceName} was terminated and its data deleted.`],
    }),
  },
  "renewal-failed": {
    optional: null,
    carriesSecret: false,
    content: (d) => ({
      subject: `${d.serviceName} could not be renewed`,
      greeting: hello(d.name),
      paragraphs: [`The renewal of ${d.serviceName} failed: ${d.reason}`, "Add credit or a card and pay the open invoice to keep it running."],
      action: { label: "Open billing", url: d.url },
    }),
  },
};

/** The templates a customer may turn off, with their labels, in a fixed order. */
export const OPTIONAL_EMAILS = (Object.keys(EMAIL_TEMPLATES) as EmailTemplateName[])
  .filter((name) => EMAIL_TEMPLATES[name].optional)
  .map((name) => ({ name, label: EMAIL_TEMPLATES[name].optional!.label }));

export const isEmailTemplateName = (value: string): value is EmailTemplateName => Object.hasOwn(EMAIL_TEMPLATES, value);
