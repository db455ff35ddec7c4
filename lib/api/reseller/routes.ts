import { gameConsoleEndpoint, gameSftpEndpoint, gameSftpRotateEndpoint } from "./endpoints/game/game-console-endpoints";
import { gamePowerEndpoint, getGameEndpoint, setGameVarsEndpoint } from "./endpoints/game/game-endpoints";
import {
  downloadGameFileEndpoint,
  gameFileContentsEndpoint,
  gameFileOpEndpoint,
  listGameFilesEndpoint,
  readGameFileEndpoint,
} from "./endpoints/game/game-file-endpoints";
import type { ResellerApiKeyScope } from "@/lib/api-keys/reseller-api-key-scopes";
import type { Endpoint } from "../define-endpoint";
import { createCustomerEndpoint } from "./endpoints/customers/create-customer";
import { deleteCustomerEndpoint } from "./endpoints/customers/delete-customer";
import { listCustomersEndpoint } from "./endpoints/customers/list-customers";
import { updateCustomerEndpoint } from "./endpoints/customers/update-customer";
import { getDocsEndpoint } from "./endpoints/docs/get-docs";
import { getGuideEndpoint, getGuideHtmlEndpoint } from "./endpoints/docs/get-guide";
import { getOpenApiEndpoint } from "./endpoints/docs/get-openapi";
import { createOrderEndpoint } from "./endpoints/orders/create-order";
import { getOrderEndpoint } from "./endpoints/orders/get-order";
import { listOrdersEndpoint } from "./endpoints/orders/list-orders";
import { retryOrderEndpoint } from "./endpoints/orders/retry-order";
import { listPaymentMethodsEndpoint } from "./endpoints/payment-methods/list-payment-methods";
import { setDefaultPaymentMethodEndpoint } from "./endpoints/payment-methods/set-default-payment-method";
import { getProductEndpoint } from "./endpoints/products/get-product";
import { getProductSchemaEndpoint } from "./endpoints/products/get-product-schema";
import { listProductsEndpoint } from "./endpoints/products/list-products";
import { getServiceEndpoint } from "./endpoints/services/get-service";
import { getServiceCapabilitiesEndpoint } from "./endpoints/services/get-service-capabilities";
import { listOsTemplatesEndpoint } from "./endpoints/services/list-os-templates";
import { listServicesEndpoint } from "./endpoints/services/list-services";
import { powerServiceEndpoint } from "./endpoints/services/power-service";
import { reinstallServiceEndpoint } from "./endpoints/services/reinstall-service";
import { resetServicePasswordEndpoint } from "./endpoints/services/reset-service-password";
import { deleteServiceOptionEndpoint, getServiceOptionsEndpoint, setServiceOptionsEndpoint } from "./endpoints/services/service-options";
import { changePackageEndpoint, getServiceUpgradesEndpoint } from "./endpoints/services/service-upgrades";
import { suspendServiceEndpoint } from "./endpoints/services/suspend-service";
import { terminateServiceEndpoint } from "./endpoints/services/terminate-service";
import { unsuspendServiceEndpoint } from "./endpoints/services/unsuspend-service";
import { captureServiceEndpoint, deleteImageEndpoint, listImagesEndpoint } from "./endpoints/images/image-endpoints";
import {
  createServiceBackupEndpoint,
  deleteServiceBackupEndpoint,
  listServiceBackupsEndpoint,
  restoreServiceBackupEndpoint,
} from "./endpoints/services/service-backups";
import { getServiceDocumentEndpoint, getServiceNetworkEndpoint } from "./endpoints/services/get-service-document";
import { getServiceProviderEndpoint, getServiceUiSchemaEndpoint } from "./endpoints/services/get-service-provider";
import { getServiceHealthEndpoint, getServiceStatsEndpoint } from "./endpoints/services/get-service-stats";
import { getServiceTrafficEndpoint } from "./endpoints/services/get-service-traffic";
import { rescueServiceEndpoint, unrescueServiceEndpoint } from "./endpoints/services/service-rescue-endpoints";
import { attachServiceSshKeyEndpoint, detachServiceSshKeyEndpoint, listServiceSshKeysEndpoint } from "./endpoints/services/service-ssh-key-endpoints";
import { setServiceRdnsEndpoint } from "./endpoints/services/set-service-rdns";
import { getServiceConsoleEndpoint, createConsoleSessionEndpoint } from "./endpoints/services/service-console-endpoints";
import { createConsoleCastEndpoint, listConsoleCastsEndpoint, revokeConsoleCastEndpoint } from "./endpoints/services/console-cast-endpoints";
import { setTransitConfigEndpoint } from "./endpoints/services/set-transit-config";
import { getWebhookDeliveryEndpoint } from "./endpoints/webhooks/get-webhook-delivery";
import { listWebhookDeliveriesEndpoint } from "./endpoints/webhooks/list-webhook-deliveries";
import { resendWebhookDeliveryEndpoint } from "./endpoints/webhooks/resend-webhook-delivery";
import { sendTestWebhookEndpoint } from "./endpoints/webhooks/send-test-webhook";
import { setWebhookUrlEndpoint } from "./endpoints/webhooks/set-webhook-url";
import type { ResellerAuth } from "./reseller-auth";

/** Every reseller API endpoint. Dispatch, OpenAPI, the HTML docs and the table tests read this list. */
export const resellerRoutes: readonly Endpoint<ResellerAuth, ResellerApiKeyScope>[] = [
  getOpenApiEndpoint,
  getDocsEndpoint,
  getGuideEndpoint,
  getGuideHtmlEndpoint,
  listCustomersEndpoint,
  createCustomerEndpoint,
  updateCustomerEndpoint,
  deleteCustomerEndpoint,
  listOrdersEndpoint,
  getOrderEndpoint,
  createOrderEndpoint,
  retryOrderEndpoint,
  listPaymentMethodsEndpoint,
  setDefaultPaymentMethodEndpoint,
  listProductsEndpoint,
  getProductEndpoint,
  getProductSchemaEndpoint,
  setWebhookUrlEndpoint,
  sendTestWebhookEndpoint,
  listWebhookDeliveriesEndpoint,
  getWebhookDeliveryEndpoint,
  resendWebhookDeliveryEndpoint,
  listServicesEndpoint,
  getServiceEndpoint,
  getServiceCapabilitiesEndpoint,
  listOsTemplatesEndpoint,
  powerServiceEndpoint,
  suspendServiceEndpoint,
  unsuspendServiceEndpoint,
  terminateServiceEndpoint,
  reinstallServiceEndpoint,
  resetServicePasswordEndpoint,
  listServiceBackupsEndpoint,
  createServiceBackupEndpoint,
  restoreServiceBackupEndpoint,
  deleteServiceBackupEndpoint,
  captureServiceEndpoint,
  listImagesEndpoint,
  deleteImageEndpoint,
  getServiceDocumentEndpoint,
  getServiceNetworkEndpoint,
  getServiceStatsEndpoint,
  getServiceTrafficEndpoint,
  getServiceHealthEndpoint,
  setServiceRdnsEndpoint,
  listServiceSshKeysEndpoint,
  attachServiceSshKeyEndpoint,
  detachServiceSshKeyEndpoint,
  rescueServiceEndpoint,
  unrescueServiceEndpoint,
  setTransitConfigEndpoint,
  getServiceConsoleEndpoint,
  createConsoleSessionEndpoint,
  createConsoleCastEndpoint,
  listConsoleCastsEndpoint,
  revokeConsoleCastEndpoint,
  getGameEndpoint,
  setGameVarsEndpoint,
  gamePowerEndpoint,
  gameConsoleEndpoint,
  gameSftpEndpoint,
  gameSftpRotateEndpoint,
  listGameFilesEndpoint,
  readGameFileEndpoint,
  gameFileContentsEndpoint,
  downloadGameFileEndpoint,
  gameFileOpEndpoint,
  getServiceProviderEndpoint,
  getServiceUiSchemaEndpoint,
  getServiceOptionsEndpoint,
  setServiceOptionsEndpoint,
  deleteServiceOptionEndpoint,
  getServiceUpgradesEndpoint,
  changePackageEndpoint,
];
