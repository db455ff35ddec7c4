import type { ResellerApiKeyScope } from "@/lib/api-keys/reseller-api-key-scopes";
import type { Endpoint } from "../define-endpoint";
import { createCustomer } from "./endpoints/customers/create-customer";
import { deleteCustomer } from "./endpoints/customers/delete-customer";
import { listCustomers } from "./endpoints/customers/list-customers";
import { updateCustomer } from "./endpoints/customers/update-customer";
import { getDocs } from "./endpoints/docs/get-docs";
import { getGuide } from "./endpoints/docs/get-guide";
import { getOpenApi } from "./endpoints/docs/get-openapi";
import { createOrder } from "./endpoints/orders/create-order";
import { getOrder } from "./endpoints/orders/get-order";
import { listOrders } from "./endpoints/orders/list-orders";
import { retryOrder } from "./endpoints/orders/retry-order";
import { listPaymentMethods } from "./endpoints/payment-methods/list-payment-methods";
import { setDefaultPaymentMethod } from "./endpoints/payment-methods/set-default-payment-method";
import { getProduct } from "./endpoints/products/get-product";
import { getProductSchema } from "./endpoints/products/get-product-schema";
import { listProducts } from "./endpoints/products/list-products";
import { getService } from "./endpoints/services/get-service";
import { getServiceCapabilities } from "./endpoints/services/get-service-capabilities";
import { listOsTemplates } from "./endpoints/services/list-os-templates";
import { listServices } from "./endpoints/services/list-services";
import { powerService } from "./endpoints/services/power-service";
import { reinstallService } from "./endpoints/services/reinstall-service";
import { resetServicePassword } from "./endpoints/services/reset-service-password";
import { deleteServiceOption, getServiceOptions, setServiceOptions } from "./endpoints/services/service-options";
import { changePackage, getServiceUpgrades } from "./endpoints/services/service-upgrades";
import { suspendService } from "./endpoints/services/suspend-service";
import { terminateService } from "./endpoints/services/terminate-service";
import { unsuspendService } from "./endpoints/services/unsuspend-service";
import { captureServiceEndpoint, deleteImageEndpoint, listImagesEndpoint } from "./endpoints/images/image-endpoints";
import {
  createServiceBackupEndpoint,
  deleteServiceBackupEndpoint,
  listServiceBackupsEndpoint,
  restoreServiceBackupEndpoint,
} from "./endpoints/services/service-backups";
import { getServiceDocument, getServiceNetwork } from "./endpoints/services/get-service-document";
import { getServiceProvider, getServiceUiSchema } from "./endpoints/services/get-service-provider";
import { getServiceHealth, getServiceStats } from "./endpoints/services/get-service-stats";
import { getServiceTraffic } from "./endpoints/services/get-service-traffic";
import { rescueService, unrescueService } from "./endpoints/services/service-rescue-endpoints";
import { attachServiceSshKeyEndpoint, detachServiceSshKeyEndpoint, listServiceSshKeysEndpoint } from "./endpoints/services/service-ssh-key-endpoints";
import { setServiceRdns } from "./endpoints/services/set-service-rdns";
import { setTransitConfig } from "./endpoints/services/set-transit-config";
import { getWebhookDelivery } from "./endpoints/webhooks/get-webhook-delivery";
import { listWebhookDeliveries } from "./endpoints/webhooks/list-webhook-deliveries";
import { resendWebhookDelivery } from "./endpoints/webhooks/resend-webhook-delivery";
import { sendTestWebhook } from "./endpoints/webhooks/send-test-webhook";
import { setWebhookUrl } from "./endpoints/webhooks/set-webhook-url";
import type { ResellerAuth } from "./reseller-auth";

/** Every reseller API endpoint. Dispatch, OpenAPI, the HTML docs and the table tests read this list. */
export const resellerRoutes: readonly Endpoint<ResellerAuth, ResellerApiKeyScope>[] = [
  getOpenApi,
  getDocs,
  getGuide,
  listCustomers,
  createCustomer,
  updateCustomer,
  deleteCustomer,
  listOrders,
  getOrder,
  createOrder,
  retryOrder,
  listPaymentMethods,
  setDefaultPaymentMethod,
  listProducts,
  getProduct,
  getProductSchema,
  setWebhookUrl,
  sendTestWebhook,
  listWebhookDeliveries,
  getWebhookDelivery,
  resendWebhookDelivery,
  listServices,
  getService,
  getServiceCapabilities,
  listOsTemplates,
  powerService,
  suspendService,
  unsuspendService,
  terminateService,
  reinstallService,
  resetServicePassword,
  listServiceBackupsEndpoint,
  createServiceBackupEndpoint,
  restoreServiceBackupEndpoint,
  deleteServiceBackupEndpoint,
  captureServiceEndpoint,
  listImagesEndpoint,
  deleteImageEndpoint,
  getServiceDocument,
  getServiceNetwork,
  getServiceStats,
  getServiceTraffic,
  getServiceHealth,
  setServiceRdns,
  listServiceSshKeysEndpoint,
  attachServiceSshKeyEndpoint,
  detachServiceSshKeyEndpoint,
  rescueService,
  unrescueService,
  setTransitConfig,
  getServiceProvider,
  getServiceUiSchema,
  getServiceOptions,
  setServiceOptions,
  deleteServiceOption,
  getServiceUpgrades,
  changePackage,
];
