import { getGameEndpoint, gamePowerEndpoint } from "./endpoints/game/game-endpoints";
import { addServiceOptionEndpoint, listAvailableServiceOptionsEndpoint, listServiceOptionsEndpoint, removeServiceAddonEndpoint } from "./endpoints/changes/addon-endpoints";
import { cancelUpgradeEndpoint, getServiceUpgradeEndpoint, listServiceUpgradesEndpoint, requestServiceOptionsUpgradeEndpoint, requestServiceUpgradeEndpoint } from "./endpoints/changes/upgrade-endpoints";
import type { Endpoint } from "../define-endpoint";
import type { CustomerApiKeyScope } from "@/lib/api-keys/customer-api-key-scopes";
import type { CustomerAuth } from "./customer-auth";
import { getAccountEndpoint } from "./endpoints/account/get-account";
import { getAccountBalanceEndpoint } from "./endpoints/account/get-account-balance";
import { getAccountUsageEndpoint } from "./endpoints/account/get-account-usage";
import { getIdentityEndpoint } from "./endpoints/account/get-identity";
import { listAccountTransactionsEndpoint } from "./endpoints/account/list-account-transactions";
import { getInvoiceEndpoint } from "./endpoints/billing/get-invoice";
import { getProformaEndpoint } from "./endpoints/billing/get-proforma";
import { listInvoicesEndpoint } from "./endpoints/billing/list-invoices";
import { listProformasEndpoint } from "./endpoints/billing/list-proformas";
import { payInvoiceEndpoint } from "./endpoints/billing/pay-invoice";
import { payProformaEndpoint } from "./endpoints/billing/pay-proforma";
import { getDedicatedEndpoint, getDedicatedPowerStatusEndpoint, getDedicatedProvisionStatusEndpoint, getDedicatedStatsEndpoint, getDedicatedTrafficEndpoint, listDedicatedEndpoint, listDedicatedIpsEndpoint, listDedicatedOsImagesEndpoint } from "./endpoints/dedicated/dedicated-read-endpoints";
import { powerDedicatedEndpoint, powerDedicatedByNameEndpoint, reinstallDedicatedEndpoint, resetDedicatedPasswordEndpoint } from "./endpoints/dedicated/dedicated-action-endpoints";
import { getDocsEndpoint } from "./endpoints/docs/get-docs";
import { getGuideEndpoint, getGuideHtmlEndpoint } from "./endpoints/docs/get-guide";
import { getOpenApiEndpoint } from "./endpoints/docs/get-openapi";
import { createOrderEndpoint } from "./endpoints/orders/create-order";
import { getOrderEndpoint } from "./endpoints/orders/get-order";
import { listOrdersEndpoint } from "./endpoints/orders/list-orders";
import { listLocationsEndpoint } from "./endpoints/locations/list-locations";
import { getProductEndpoint } from "./endpoints/products/get-product";
import { getProductAvailabilityEndpoint } from "./endpoints/products/get-product-availability";
import { listProductsEndpoint } from "./endpoints/products/list-products";
import { cancelServiceEndpoint, deleteVpsEndpoint, withdrawServiceCancellationEndpoint } from "./endpoints/services/cancel-service";
import { renewServiceEndpoint } from "./endpoints/services/renew-service";
import { getServiceEndpoint } from "./endpoints/services/get-service";
import { runServiceActionEndpoint } from "./endpoints/services/run-service-action";
import { createProjectEndpoint, deleteProjectEndpoint, getProjectEndpoint, listProjectsEndpoint, moveServicesEndpoint, updateProjectEndpoint } from "./endpoints/projects/project-endpoints";
import { updateServiceProjectEndpoint, updateVpsProjectEndpoint } from "./endpoints/projects/set-service-project";
import { createSshKeyEndpoint, deleteSshKeyEndpoint, listSshKeysEndpoint } from "./endpoints/ssh-keys/ssh-key-endpoints";
import { getServiceActionsEndpoint } from "./endpoints/services/get-service-actions";
import { getServiceStatsEndpoint } from "./endpoints/services/get-service-stats";
import { listServicesEndpoint } from "./endpoints/services/list-services";
import { getVpsEndpoint } from "./endpoints/vps/get-vps";
import { listVpsEndpoint } from "./endpoints/vps/list-vps";
import { listVpsIpsEndpoint } from "./endpoints/vps/list-vps-ips";
import { getVpsStatsEndpoint } from "./endpoints/vps/get-vps-stats";
import { listVpsOsImagesEndpoint } from "./endpoints/vps/list-vps-os-images";
import { powerServiceEndpoint, powerVpsEndpoint, rebootVpsEndpoint, restartVpsEndpoint, shutdownVpsEndpoint, startVpsEndpoint, stopVpsEndpoint } from "./endpoints/vps/vps-power-endpoints";
import { reinstallServiceOsEndpoint, reinstallVpsEndpoint, resetServicePasswordEndpoint, resetVpsPasswordEndpoint } from "./endpoints/vps/vps-reinstall-and-password";
import {
  createCustomImageEndpoint,
  deleteCustomImageEndpoint,
  getCustomImageEndpoint,
  listCustomImagesEndpoint,
} from "./endpoints/images/custom-image-endpoints";
import { createCustomerServiceBackupEndpoint, listCustomerServiceBackupsEndpoint, restoreCustomerServiceBackupEndpoint } from "./endpoints/services/service-backup-endpoints";
import { captureVpsEndpoint } from "./endpoints/vps/vps-capture-endpoint";
import { createVpsSnapshotEndpoint, deleteVpsSnapshotEndpoint, listVpsSnapshotsEndpoint, revertVpsSnapshotEndpoint } from "./endpoints/vps/vps-snapshot-endpoints";

/** Every customer API endpoint. Dispatch, OpenAPI, the HTML docs and the table tests read this list. */
export const customerRoutes: readonly Endpoint<CustomerAuth, CustomerApiKeyScope>[] = [
  getOpenApiEndpoint,
  getDocsEndpoint,
  getGuideEndpoint,
  getGuideHtmlEndpoint,
  getIdentityEndpoint,
  getAccountEndpoint,
  getAccountBalanceEndpoint,
  listLocationsEndpoint,
  listProductsEndpoint,
  getProductEndpoint,
  getProductAvailabilityEndpoint,
  listOrdersEndpoint,
  getOrderEndpoint,
  createOrderEndpoint,
  getAccountUsageEndpoint,
  listAccountTransactionsEndpoint,
  listInvoicesEndpoint,
  getInvoiceEndpoint,
  payInvoiceEndpoint,
  listProformasEndpoint,
  getProformaEndpoint,
  payProformaEndpoint,
  listServicesEndpoint,
  getServiceEndpoint,
  getServiceActionsEndpoint,
  getServiceStatsEndpoint,
  getGameEndpoint,
  gamePowerEndpoint,
  runServiceActionEndpoint,
  updateServiceProjectEndpoint,
  cancelServiceEndpoint,
  withdrawServiceCancellationEndpoint,
  renewServiceEndpoint,
  deleteVpsEndpoint,
  powerServiceEndpoint,
  reinstallServiceOsEndpoint,
  resetServicePasswordEndpoint,
  listVpsEndpoint,
  getVpsEndpoint,
  listVpsOsImagesEndpoint,
  listVpsIpsEndpoint,
  getVpsStatsEndpoint,
  startVpsEndpoint,
  stopVpsEndpoint,
  shutdownVpsEndpoint,
  rebootVpsEndpoint,
  restartVpsEndpoint,
  powerVpsEndpoint,
  reinstallVpsEndpoint,
  resetVpsPasswordEndpoint,
  listVpsSnapshotsEndpoint,
  createVpsSnapshotEndpoint,
  revertVpsSnapshotEndpoint,
  deleteVpsSnapshotEndpoint,
  updateVpsProjectEndpoint,
  listSshKeysEndpoint,
  createSshKeyEndpoint,
  deleteSshKeyEndpoint,
  listProjectsEndpoint,
  createProjectEndpoint,
  getProjectEndpoint,
  updateProjectEndpoint,
  deleteProjectEndpoint,
  moveServicesEndpoint,
  listCustomerServiceBackupsEndpoint,
  createCustomerServiceBackupEndpoint,
  restoreCustomerServiceBackupEndpoint,
  captureVpsEndpoint,
  listCustomImagesEndpoint,
  createCustomImageEndpoint,
  getCustomImageEndpoint,
  deleteCustomImageEndpoint,
  listDedicatedEndpoint,
  getDedicatedEndpoint,
  listDedicatedIpsEndpoint,
  getDedicatedPowerStatusEndpoint,
  getDedicatedProvisionStatusEndpoint,
  listDedicatedOsImagesEndpoint,
  getDedicatedStatsEndpoint,
  getDedicatedTrafficEndpoint,
  powerDedicatedEndpoint,
  powerDedicatedByNameEndpoint,
  reinstallDedicatedEndpoint,
  resetDedicatedPasswordEndpoint,
  listServiceOptionsEndpoint,
  listAvailableServiceOptionsEndpoint,
  addServiceOptionEndpoint,
  removeServiceAddonEndpoint,
  listServiceUpgradesEndpoint,
  requestServiceUpgradeEndpoint,
  requestServiceOptionsUpgradeEndpoint,
  getServiceUpgradeEndpoint,
  cancelUpgradeEndpoint,
];
