import type { Area } from "@/lib/auth/resolve-areas";
import { DiscIcon, HomeIcon, KeyIcon, LayersIcon, MapPinIcon, PuzzleIcon, ReceiptIcon, ServerIcon, ShieldIcon, SignatureIcon, SlidersIcon, TagIcon, UserIcon, UsersIcon, WalletIcon, WebhookIcon } from "@/components/ui/icons";

export type NavItem = {
  href: string;
  label: string;
  icon: React.ReactNode;
  /** Match only the exact path. */
  exact?: boolean;
  /** Account page that only means something to users of a customer account. */
  customerOnly?: boolean;
  /** Shown only to the owner of the customer account (members reach the page, read-only, by its address). */
  ownerOnly?: boolean;
};

export const AREA_LABEL: Record<Area, string> = {
  customer: "Customer panel",
  reseller: "Reseller portal",
  admin: "Operator console",
};

/** Each area's sidebar. Add a page here when it exists and works. */
export const AREA_NAV: Record<Area, NavItem[]> = {
  customer: [
    { href: "/", label: "Dashboard", icon: <HomeIcon />, exact: true },
    { href: "/services", label: "Services", icon: <ServerIcon /> },
    { href: "/projects", label: "Projects", icon: <LayersIcon /> },
    { href: "/order", label: "Order", icon: <ServerIcon /> },
    { href: "/billing/invoices", label: "Invoices", icon: <ReceiptIcon /> },
    { href: "/billing/credit", label: "Credit", icon: <WalletIcon /> },
    { href: "/api-keys", label: "API keys", icon: <KeyIcon /> },
    { href: "/team", label: "Team", icon: <UsersIcon />, ownerOnly: true },
    { href: "/reseller-programme", label: "Reseller programme", icon: <WalletIcon />, ownerOnly: true },
  ],
  reseller: [
    { href: "/reseller", label: "Dashboard", icon: <HomeIcon />, exact: true },
    { href: "/reseller/services", label: "Services", icon: <ServerIcon /> },
    { href: "/reseller/orders", label: "Orders", icon: <ReceiptIcon /> },
    { href: "/reseller/catalogue", label: "Catalogue", icon: <LayersIcon /> },
    { href: "/reseller/customers", label: "Customers", icon: <UsersIcon /> },
    { href: "/reseller/billing", label: "Billing", icon: <WalletIcon /> },
    { href: "/reseller/api-keys", label: "API keys", icon: <KeyIcon /> },
    { href: "/reseller/signing-secret", label: "Signing secret", icon: <SignatureIcon /> },
    { href: "/reseller/webhooks", label: "Webhooks", icon: <WebhookIcon /> },
  ],
  admin: [
    { href: "/admin", label: "Dashboard", icon: <HomeIcon />, exact: true },
    { href: "/admin/products", label: "Products", icon: <LayersIcon /> },
    { href: "/admin/categories", label: "Categories", icon: <TagIcon /> },
    { href: "/admin/options", label: "Options", icon: <PuzzleIcon /> },
    { href: "/admin/locations", label: "Locations", icon: <MapPinIcon /> },
    { href: "/admin/os-images", label: "OS images", icon: <DiscIcon /> },
    { href: "/admin/tiers", label: "Tiers", icon: <WalletIcon /> },
    { href: "/admin/customers", label: "Customers", icon: <UsersIcon /> },
    { href: "/admin/services", label: "Services", icon: <ServerIcon /> },
    { href: "/admin/orders", label: "Orders", icon: <ReceiptIcon /> },
    { href: "/admin/invoices", label: "Invoices", icon: <ReceiptIcon /> },
    { href: "/admin/resellers", label: "Resellers", icon: <UsersIcon /> },
    { href: "/admin/settings", label: "Programme and billing", icon: <SlidersIcon /> },
    { href: "/admin/nodes", label: "Nodes", icon: <ServerIcon /> },
    { href: "/admin/upgrades", label: "Plan changes", icon: <LayersIcon /> },
    { href: "/admin/webhooks", label: "Webhooks", icon: <WebhookIcon /> },
    { href: "/admin/outbox", label: "Outbox", icon: <ReceiptIcon /> },
  ],
};

/** Pages every signed-in user has, shown under the area's own items. */
export const ACCOUNT_NAV: NavItem[] = [
  { href: "/account/profile", label: "Profile", icon: <UserIcon /> },
  { href: "/account/security", label: "Security", icon: <ShieldIcon /> },
  { href: "/account/ssh-keys", label: "SSH keys", icon: <KeyIcon />, customerOnly: true },
];
