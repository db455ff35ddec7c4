import { addServiceOption, listAvailableServiceOptions, listServiceOptions, removeServiceAddon } from "./endpoints/changes/addon-endpoints";
import { cancelUpgrade, getServiceUpgrade, listServiceUpgrades, requestServiceOptionsUpgrade, requestServiceUpgrade } from "./endpoints/changes/upgrade-endpoints";
import type { Endpoint } from "../define-endpoint";
import type { CustomerApiKeyScope } from "@/lib/api-keys/customer-api-key-scopes";
import type { CustomerAuth } from "./customer-auth";
import { getAccount } from "./endpoints/account/get-account";
import { getAccountBalance } from "./endpoints/account/get-account-balance";
import { getAccountUsageEndpoint } from "./endpoints/account/get-account-usage";
import { getIdentity } from "./endpoints/account/get-identity";
import { listAccountTransactionsEndpoint } from "./endpoints/account/list-account-transactions";
import { getInvoiceEndpoint } from "./endpoints/billing/get-invoice";
import { getProformaEndpoint } from "./endpoints/billing/get-proforma";
import { listInvoicesEndpoint } from "./endpoints/billing/list-invoices";
import { listProformasEndpoint } from "./endpoints/billing/list-proformas";
import { payInvoiceEndpoint } from "./endpoints/billing/pay-invoice";
import { payProformaEndpoint } from "./endpoints/billing/pay-proforma";
import { getDedicated, getDedicatedPowerStatus, getDedicatedProvisionStatus, getDedicatedStats, getDedicatedTraffic, listDedicated, listDedicatedIps, listDedicatedOsImages } from "./endpoints/dedicated/dedicated-read-endpoints";
import { powerDedicated, powerDedicatedByName, reinstallDedicated, resetDedicatedPassword } from "./endpoints/dedicated/dedicated-action-endpoints";
import { getDocs } from "./endpoints/docs/get-docs";
import { getGuide } from "./endpoints/docs/get-guide";
import { getOpenApi } from "./endpoints/docs/get-openapi";
import { createOrder } from "./endpoints/orders/create-order";
import { getOrder } from "./endpoints/orders/get-order";
import { listOrders } from "./endpoints/orders/list-orders";
import { listLocations } from "./endpoints/locations/list-locations";
import { getProduct } from "./endpoints/products/get-product";
import { getProductAvailability } from "./endpoints/products/get-product-availability";
import { listProducts } from "./endpoints/products/list-products";
import { cancelService, deleteVps, withdrawServiceCancellation } from "./endpoints/services/cancel-service";
import { renewServiceEndpoint } from "./endpoints/services/renew-service";
import { getService } from "./endpoints/services/get-service";
import { runServiceActionEndpoint } from "./endpoints/services/run-service-action";
import { createProjectEndpoint, deleteProjectEndpoint, getProjectEndpoint, listProjectsEndpoint, moveServicesEndpoint, updateProjectEndpoint } from "./endpoints/projects/project-endpoints";
import { updateServiceProject, updateVpsProject } from "./endpoints/projects/set-service-project";
import { createSshKeyEndpoint, deleteSshKeyEndpoint, listSshKeysEndpoint } from "./endpoints/ssh-keys/ssh-key-endpoints";
import { getServiceActions } from "./endpoints/services/get-service-actions";
import { getServiceStats } from "./endpoints/services/get-service-stats";
import { listServices } from "./endpoints/services/list-services";
import { getVps } from "./endpoints/vps/get-vps";
import { listVps } from "./endpoints/vps/list-vps";
import { listVpsIps } from "./endpoints/vps/list-vps-ips";
import { getVpsStats } from "./endpoints/vps/get-vps-stats";
import { listVpsOsImages } from "./endpoints/vps/list-vps-os-images";
import { powerService, powerVps, rebootVps, restartVps, shutdownVps, startVps, stopVps } from "./endpoints/vps/vps-power-endpoints";
import { reinstallServiceOs, reinstallVps, resetServicePasswordEndpoint, resetVpsPassword } from "./endpoints/vps/vps-reinstall-and-password";
import {
  createCustomImageEndpoint,
  deleteCustomImageEndpoint,
  getCustomImageEndpoint,
  listCustomImagesEndpoint,
} from "./endpoints/images/custom-image-endpoints";
import { createCustomerServiceBackup, listCustomerServiceBackups, restoreCustomerServiceBackup } from "./endpoints/services/service-backup-endpoints";
import { captureVpsEndpoint } from "./endpoints/vps/vps-capture-endpoint";
import { createVpsSnapshotEndpoint, deleteVpsSnapshotEndpoint, listVpsSnapshotsEndpoint, revertVpsSnapshotEndpoint } from "./endpoints/vps/vps-snapshot-endpoints";

/** Every customer API endpoint. Dispatch, OpenAPI, the HTML docs and the table tests read this list. */
export const customerRoutes: readonly Endpoint<CustomerAuth, CustomerApiKeyScope>[] = [
  getOpenApi,
  getDocs,
  getGuide,
  getIdentity,
  getAccount,
  getAccountBalance,
  listLocations,
  listProducts,
  getProduct,
  getProductAvailability,
  listOrders,
  getOrder,
  createOrder,
  getAccountUsageEndpoint,
  listAccountTransactionsEndpoint,
  listInvoicesEndpoint,
  getInvoiceEndpoint,
  payInvoiceEndpoint,
  listProformasEndpoint,
  getProformaEndpoint,
  payProformaEndpoint,
  listServices,
  getService,
  getServiceActions,
  getServiceStats,
  runServiceActionEndpoint,
  updateServiceProject,
  cancelService,
  withdrawServiceCancellation,
  renewServiceEndpoint,
  deleteVps,
  powerService,
  reinstallServiceOs,
  resetServicePasswordEndpoint,
  listVps,
  getVps,
  listVpsOsImages,
  listVpsIps,
  getVpsStats,
  startVps,
  stopVps,
  shutdownVps,
  rebootVps,
  restartVps,
  powerVps,
  reinstallVps,
  resetVpsPassword,
  listVpsSnapshotsEndpoint,
  createVpsSnapshotEndpoint,
  revertVpsSnapshotEndpoint,
  deleteVpsSnapshotEndpoint,
  updateVpsProject,
  listSshKeysEndpoint,
  createSshKeyEndpoint,
  deleteSshKeyEndpoint,
  listProjectsEndpoint,
  createProjectEndpoint,
  getProjectEndpoint,
  updateProjectEndpoint,
  deleteProjectEndpoint,
  moveServicesEndpoint,
  listCustomerServiceBackups,
  createCustomerServiceBackup,
  restoreCustomerServiceBackup,
  captureVpsEndpoint,
  listCustomImagesEndpoint,
  createCustomImageEndpoint,
  getCustomImageEndpoint,
  deleteCustomImageEndpoint,
  listDedicated,
  getDedicated,
  listDedicatedIps,
  getDedicatedPowerStatus,
  getDedicatedProvisionStatus,
  listDedicatedOsImages,
  getDedicatedStats,
  getDedicatedTraffic,
  powerDedicated,
  powerDedicatedByName,
  reinstallDedicated,
  resetDedicatedPassword,
  listServiceOptions,
  listAvailableServiceOptions,
  addServiceOption,
  removeServiceAddon,
  listServiceUpgrades,
  requestServiceUpgrade,
  requestServiceOptionsUpgrade,
  getServiceUpgrade,
  cancelUpgrade,
];
