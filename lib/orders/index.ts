// The order core (docs/orders.md). Both APIs and the client panel's order form call these.
export { placeOrder, findOrderByKey, PROVISIONING_FAILED_ERROR, type PlaceOrderResult, type PlacedDocument } from "./place-order";
export { retryOrderPayment, ORDER_ALREADY_PAID, ORDER_INVOICED, ORDER_NOT_FOUND, RETRY_IN_FLIGHT, RETRY_STOREFRONT, type RetryOrderResult } from "./retry-order-payment";
export { listResellerOrders, getResellerOrder, listCustomerOrders, getCustomerOrder } from "./list-orders";
export { ORDER_RECORD_SELECT, loadOrderRecord, provisioningStatusOf, currentDocument, serviceIp, type OrderRecord } from "./order-record";
export type { OrderBuyer, OrderItemInput, OrderConfigurationInput, PlaceOrderInput, OrderRunOptions } from "./order-input";
export { USER_DATA_MAX_BYTES, checkUserData } from "./validate-order-items";
export { NO_PAYMENT_METHOD, PAYMENT_METHOD_NOT_FOUND, SERVICES_NOT_CREATED } from "./saved-method";
export { activatePaidOrder, type ActivatedOrder } from "./activate-paid-order";
export { placeCustomerOrder, type PlaceCustomerOrderResult } from "./place-customer-order";
export { placePanelOrder, panelIdempotencyKey, type PanelOrderPlacement } from "./place-panel-order";
